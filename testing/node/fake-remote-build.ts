import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

let made = 0;

/**
 * A fake build of the doctors remote under `root` for release-store tests: an entry, a manifest
 * and a hashed chunk whose bytes tell builds apart by `label`. Returns its folder.
 */
export function fakeRemoteBuild(root: string, label: string): string {
  const dir = path.join(root, `build-${(made += 1)}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var doctors = "${label}";`);
  fs.writeFileSync(path.join(dir, `603.${label.padEnd(8, '0').slice(0, 8)}.js`), `chunk ${label}`);
  const manifest = JSON.stringify({ name: 'doctors', metaData: { name: 'doctors' } });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json.gz'), zlib.gzipSync(manifest));
  return dir;
}
