// A team's release commands for its remote (run from the remote's folder through npm):
//   npm run release -w remotes/<name>    build into a new immutable release, check it, make it live
//   npm run rollback -w remotes/<name>   make the previous kept release live again (no build)
//   npm run releases -w remotes/<name>   list the kept releases, the live one marked
//   npm run release -w host              build the host, check it against the remotes' live releases, replace dist/
// and `publish <remote> [folder]`: check a build already made (default: the remote's dist/) and make
// it the live release. A remote's container has no webpack: it runs this file bundled, as
//   docker compose exec <remote> node server/releases.js publish|rollback|releases <remote> [folder]
// Env: RELEASES_DIR (default .releases/ at the repository root), RELEASES_KEEP (default 5),
// HOST_URL (check against the host serving patients; default: the host's local build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { appNamed } from '@carebook/shared/apps';
import { distDir, REPO_ROOT } from '../../servers/apps/site-apps';
import { keepFrom, releasesDirFrom, ReleaseStore } from '../../servers/releases/release-store';
import { checkBuild } from './check-build';
import { checkHostBuild } from './check-host-build';

/** A production build of one app into `buildDir`, leaving what is served alone. */
function build(app: string, buildDir: string): void {
  fs.rmSync(buildDir, { recursive: true, force: true });
  const webpack = path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack');
  const built = spawnSync(webpack, ['--mode', 'production'], {
    cwd: path.join(REPO_ROOT, appNamed(app).dir),
    env: { ...process.env, OUTPUT_DIR: buildDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`The build of ${app} failed: nothing was released.`);
}

/** Checks a finished build against the host, makes it a new release and the live one, prunes. */
async function publish(store: ReleaseStore, buildDir: string, keep: number, started = Date.now()): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} holds no build of ${store.remote} (no remoteEntry.js).`);
  await checkBuild(store.remote, buildDir);
  if (store.isLive(buildDir)) {
    console.log(`${store.remote}: this build is the live release already.`);
    console.log(store.live()?.id);
    return;
  }
  const info = store.add(buildDir);
  store.setLive(info.id);
  const pruned = store.prune(keep);
  console.log(`${store.remote} ${info.id} is live (released in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  if (pruned.length) console.log(`Pruned: ${pruned.join(', ')}`);
  console.log(info.id);
}

async function release(store: ReleaseStore, keep: number): Promise<void> {
  const started = Date.now();
  const buildDir = path.join(store.dir, `.build-${process.pid}`);
  console.log(`Building ${store.remote} into a new release...`);
  try {
    build(store.remote, buildDir);
    await publish(store, buildDir, keep, started);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * The host has no kept releases: its build replaces `dist/` (what its server serves) once it is
 * checked against the remotes' live releases, so it never drops a name one of them uses.
 */
function releaseHost(releasesDir: string): void {
  const started = Date.now();
  const served = distDir('host');
  const buildDir = `${served}.build-${process.pid}`;
  const previous = `${served}.previous-${process.pid}`;
  console.log('Building the host...');
  try {
    build('host', buildDir);
    checkHostBuild(buildDir, releasesDir);
    if (fs.existsSync(served)) fs.renameSync(served, previous);
    fs.renameSync(buildDir, served);
    console.log(`The host's new build is served from ${served} (built and checked in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(previous, { recursive: true, force: true });
  }
}

function rollback(store: ReleaseStore): void {
  const started = Date.now();
  const current = store.live();
  const previous = store.previous();
  if (!previous) throw new Error(`${store.remote} has no earlier kept release to roll back to${current ? ` (live: ${current.id})` : ''}.`);
  store.setLive(previous);
  console.log(`${store.remote} rolled back from ${current?.id ?? 'nothing'} to ${previous} in ${Date.now() - started} ms.`);
  console.log(previous);
}

function list(store: ReleaseStore): void {
  const live = store.live()?.id;
  const ids = store.list();
  if (!ids.length) console.log(`${store.remote} has no releases yet (npm run release -w ${appNamed(store.remote).dir}).`);
  for (const id of [...ids].reverse()) console.log(`${id === live ? '* ' : '  '}${id}${id === live ? '  (live)' : ''}`);
}

async function main(): Promise<void> {
  const [command, remote, folder] = process.argv.slice(2);
  if (command === 'release' && remote === 'host') return releaseHost(releasesDirFrom());
  if (!remote || appNamed(remote).kind !== 'remote') {
    throw new Error('Usage: cli.ts release|publish|rollback|releases <remote> [folder], or cli.ts release host');
  }
  const store = new ReleaseStore(releasesDirFrom(), remote);
  if (command === 'release') await release(store, keepFrom());
  else if (command === 'publish') await publish(store, path.resolve(folder ?? distDir(remote)), keepFrom());
  else if (command === 'rollback') rollback(store);
  else if (command === 'releases') list(store);
  else throw new Error(`Unknown command "${command}": use release, publish, rollback or releases.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
