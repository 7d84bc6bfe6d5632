// Bundles the servers into plain JavaScript for the runtime images (see the Dockerfile), so a
// container runs them with bare Node: no TypeScript loader and no dev dependencies.
//   tsx scripts/deploy/bundle-servers.ts <outDir>
// writes one folder per runtime image, each laid out as the image's /app (the repository's own
// layout, so built apps and data files sit where the code looks for them):
//   <outDir>/api/           server/api.js (and backup.js, rotate-signing-secret.js, audit-verify.js), the API's migrations, worker files and static files,
//                           and node_modules with only the packages that cannot be bundled
//   <outDir>/apps/<name>/   server/serve-app.js, server/releases.js and the app's built dist/
//   <outDir>/admin/         server/serve-admin.js and admin/dist
import fs from 'node:fs';
import path from 'node:path';
import { appNamed } from '@carebook/shared/apps';
import { REPO_ROOT, SITE_APPS } from '../../servers/apps/site-apps';
import { bundleServer, COPIED_PACKAGES } from './bundle';

/** Where `name` is installed as seen from `fromDir` (Node's lookup, nested node_modules first), or `null`. */
function installedDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

/** Copies each package and everything it depends on, at the same place under `outDir`. */
function copyPackages(names: readonly string[], outDir: string): void {
  const seen = new Set<string>();
  const visit = (name: string, fromDir: string, optional = false): void => {
    const dir = installedDir(name, fromDir);
    if (!dir) {
      // An optional dependency for another platform (sharp's builds for macOS, Windows...) is not installed.
      if (optional) return;
      throw new Error(`${name} is not installed (looked from ${fromDir})`);
    }
    if (seen.has(dir)) return;
    seen.add(dir);
    fs.cpSync(dir, path.join(outDir, path.relative(REPO_ROOT, dir)), { recursive: true, dereference: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) visit(dependency, dir, true);
  };
  for (const name of names) visit(name, REPO_ROOT);
}

function copy(relative: string, outDir: string, filter?: (file: string) => boolean): void {
  const from = path.join(REPO_ROOT, relative);
  if (!fs.existsSync(from)) throw new Error(`${relative} is missing: build the apps first (npm run build)`);
  fs.cpSync(from, path.join(outDir, relative), { recursive: true, filter: filter && ((file) => fs.statSync(file).isDirectory() || filter(file)) });
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? '');
  if (!process.argv[2]) throw new Error('Usage: bundle-servers.ts <outDir>');
  fs.rmSync(out, { recursive: true, force: true });
  const started = Date.now();

  const api = path.join(out, 'api');
  await bundleServer('api/src/server.ts', path.join(api, 'server', 'api.js'));
  // The operator's commands, run inside the container with the API's environment.
  await bundleServer('api/src/cli/backup.ts', path.join(api, 'server', 'backup.js'));
  await bundleServer('api/src/cli/rotate-signing-secret.ts', path.join(api, 'server', 'rotate-signing-secret.js'));
  await bundleServer('api/src/audit-verify.ts', path.join(api, 'server', 'audit-verify.js'));
  copy('api/src/db', api, (file) => file.endsWith('.sql') || (file.endsWith('.cjs') && !file.includes('.test.')));
  copy('api/static', api);
  copyPackages(COPIED_PACKAGES, api);

  const siteServer = path.join(out, '.site-server');
  await bundleServer('servers/serve-app.ts', path.join(siteServer, 'serve-app.js'));
  await bundleServer('scripts/releases/cli.ts', path.join(siteServer, 'releases.js'));
  for (const app of SITE_APPS) {
    const appOut = path.join(out, 'apps', app.name);
    fs.cpSync(siteServer, path.join(appOut, 'server'), { recursive: true });
    copy(`${app.dir}/dist`, appOut);
  }
  fs.rmSync(siteServer, { recursive: true });

  const admin = path.join(out, 'admin');
  await bundleServer('servers/serve-admin.ts', path.join(admin, 'server', 'serve-admin.js'));
  copy(`${appNamed('admin').dir}/dist`, admin);

  console.log(`Servers bundled into ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
