import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/deploy/bundle';
import { REPO_ROOT } from '../node/repo-root';

const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'carebook');
/** The last bundle made: its folder and the hash of every file it was made from. */
const LATEST = path.join(CACHE_DIR, 'api-bundle.json');

interface Made {
  dir: string;
  inputs: Record<string, string>;
}

const hashOf = (file: string): string => createHash('sha256').update(fs.readFileSync(path.join(REPO_ROOT, file))).digest('hex');

function unchanged(made: Made): boolean {
  try {
    return fs.existsSync(path.join(made.dir, 'api.js')) && Object.entries(made.inputs).every(([file, hash]) => hashOf(file) === hash);
  } catch {
    return false;
  }
}

/**
 * The API (`api/src/server.ts`) bundled into one JavaScript file, as the runtime image runs it
 * (scripts/deploy/bundle.ts), but reading its folders (migrations, worker, static files) from the
 * repository: a browser test's stack runs it with bare Node. Under tsx, each start transpiled and
 * resolved hundreds of modules, in the process and again in its database worker: 4.2-5.6 s of CPU
 * to `/health` here, 2.4-3.2 s from the bundle (3 starts each, alternating, load 11-13). The bundle
 * is made again (about 2 s) only when a file it was made from changed (the hashes of all of them,
 * sources and packages, are kept beside it), so a test of a changed API runs the changed code.
 */
export async function apiBundle(): Promise<string> {
  const latest = fs.existsSync(LATEST) ? (JSON.parse(fs.readFileSync(LATEST, 'utf8')) as Made) : null;
  if (latest && unchanged(latest)) return path.join(latest.dir, 'api.js');
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // A folder per bundle, the pointer to it renamed into place: a stack starting beside this one
  // (another jest run) reads either the old bundle or the new one, whole.
  const dir = fs.mkdtempSync(path.join(CACHE_DIR, 'api-bundle-'));
  const metafile = await bundleServer('api/src/server.ts', path.join(dir, 'api.js'), { root: REPO_ROOT });
  const inputs = Object.fromEntries(
    Object.keys(metafile.inputs)
      .filter((file) => fs.existsSync(path.join(REPO_ROOT, file)))
      .map((file) => [file, hashOf(file)]),
  );
  const pointer = `${LATEST}.${process.pid}`;
  fs.writeFileSync(pointer, JSON.stringify({ dir, inputs } satisfies Made));
  fs.renameSync(pointer, LATEST);
  // Bundles replaced over an hour ago: no stack is still about to start one.
  for (const old of fs.readdirSync(CACHE_DIR)) {
    const folder = path.join(CACHE_DIR, old);
    if (old.startsWith('api-bundle-') && folder !== dir && Date.now() - fs.statSync(folder).mtimeMs > 3_600_000) {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  return path.join(dir, 'api.js');
}
