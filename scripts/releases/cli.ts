// A team's release commands for its remote (run from the remote's folder through npm):
//   npm run release -w remotes/<name>    build into a new immutable release, check it, make it live
//   npm run rollback -w remotes/<name>   make live again the release live before the live one became
//                                        live, passing over rolled-back and withdrawn ones (no build);
//                                        `-- --to <id>` picks one, `-- --force` allows a rolled-back one
//   npm run releases -w remotes/<name>   every release's state and live periods, the live one marked,
//                                        and the running canary with its share and stage
//   npm run release -w remotes/<name> -- --canary 10 [--contact team@example.org]
//                                        build a new release and make it live for 10% of patients
//                                        (a canary); `-- --stages 10:5m,50:10m` grows the share by plan
//   npm run promote -w remotes/<name>    make the running canary live for everyone
//                                        (`rollback` while a canary runs withdraws the canary instead)
//   npm run release -w host              build the host, check it against the remotes' live releases, replace dist/
// and `publish <remote> [folder]`: check a build already made (default: the remote's dist/) and make
// it the live release. A remote's container has no webpack: it runs this file bundled, as
//   docker compose exec <remote> node server/releases.js publish|rollback|releases <remote> [folder]
// Env: DATABASE_URL (the releases in PostgreSQL, shared by every replica of the remote; else the
// folder RELEASES_DIR, default .releases/ at the repository root), RELEASES_KEEP (default 5),
// HOST_URL (check against the host serving patients; default: the host's local build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appNamed } from '@carebook/shared/apps';
import { distDir, REPO_ROOT } from '../../servers/apps/site-apps';
import { CanaryRunningError, describePlan, parsePlan, type CanaryStage, type CanaryStatus } from '../../servers/releases/canary';
import { canaryHealthLines, releasesApiAccess } from '../../servers/releases/canary-health';
import { openReleaseStore } from '../../servers/releases/open-release-store';
import { keepFrom, MarkedBadError, type LivePeriod, type ReleaseStatus, type ReleaseStoreContract } from '../../servers/releases/release-store';
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

/** How a release goes live: for everyone, or as a canary with this plan. */
interface Rollout {
  canary: CanaryStage[] | null;
  contact?: string;
}

/** Refuses before any build while a canary runs: a new release or a rollback to a named one would go around it. */
async function refuseDuringCanary(store: ReleaseStoreContract, action: string): Promise<void> {
  const running = await store.canary();
  if (running) throw new CanaryRunningError(store.remote, running, action);
}

function describeCanary(canary: CanaryStatus): string[] {
  const stage = `stage ${canary.stage} of ${canary.stageCount}`;
  const next =
    canary.state === 'holding'
      ? 'its plan is done: it stays at this share until promoted or rolled back'
      : canary.stageEndsAt
        ? `this stage ends at ${canary.stageEndsAt}`
        : 'held until promoted or rolled back';
  return [
    `Canary: ${canary.id} for ${canary.share}% of patients (${stage}; ${next}); the others get ${canary.base}.`,
    `  Started ${canary.startedAt}; plan: ${describePlan(canary.stages)}${canary.contact ? `; contact ${canary.contact}` : ''}.`,
  ];
}

/** Checks a finished build against the host, makes it a new release and the live one (or a canary), prunes. */
async function publish(
  store: ReleaseStoreContract,
  buildDir: string,
  keep: number,
  force: boolean,
  rollout: Rollout,
  started = Date.now(),
): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} holds no build of ${store.remote} (no remoteEntry.js).`);
  await refuseDuringCanary(store, 'a new release');
  await checkBuild(store.remote, buildDir);
  if (await store.isLive(buildDir)) {
    console.log(`${store.remote}: this build is the live release already.`);
    console.log((await store.live())?.id);
    return;
  }
  const bad = await store.badReleaseOf(buildDir);
  if (bad && !force) {
    throw new Error(
      `Refused: this build of ${store.remote} is byte for byte ${bad.id}, which was ${bad.why}, so it was not released. ` +
        'Change it and release again, or release it anyway with -- --force.',
    );
  }
  const info = await store.add(buildDir);
  if (rollout.canary) {
    const canary = await store.startCanary(info.id, rollout.canary, { contact: rollout.contact, force });
    const pruned = await store.prune(keep);
    console.log(`${store.remote} ${info.id} is a canary (released in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
    console.log(describeCanary(canary).join('\n'));
    console.log(`End it with npm run promote -w ${appNamed(store.remote).dir} (live for everyone) or npm run rollback -w ${appNamed(store.remote).dir}.`);
    if (pruned.length) console.log(`Pruned: ${pruned.join(', ')}`);
    console.log(info.id);
    return;
  }
  await store.setLive(info.id, 'released');
  const pruned = await store.prune(keep);
  console.log(`${store.remote} ${info.id} is live (released in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  if (pruned.length) console.log(`Pruned: ${pruned.join(', ')}`);
  console.log(info.id);
}

/**
 * {@link publish} holding the store's publish lock where it has one: a command and a replica starting
 * with the same build (or two commands) make it live once, with one switch in the history.
 */
function publishAlone(...args: Parameters<typeof publish>): Promise<void> {
  const [store] = args;
  return store.exclusively ? store.exclusively(() => publish(...args)) : publish(...args);
}

async function release(store: ReleaseStoreContract, keep: number, force: boolean, rollout: Rollout): Promise<void> {
  const started = Date.now();
  await refuseDuringCanary(store, 'a new release');
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), `carebook-${store.remote}-build-`));
  console.log(`Building ${store.remote} into a new release...`);
  try {
    build(store.remote, buildDir);
    await publishAlone(store, buildDir, keep, force, rollout, started);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * The host has no kept releases: its build replaces `dist/` (what its server serves) once it is
 * checked against the remotes' live releases, so it never drops a name one of them uses.
 */
async function releaseHost(): Promise<void> {
  const started = Date.now();
  const served = distDir('host');
  const buildDir = `${served}.build-${process.pid}`;
  const previous = `${served}.previous-${process.pid}`;
  console.log('Building the host...');
  try {
    build('host', buildDir);
    await checkHostBuild(buildDir, (remote) => openReleaseStore(remote));
    if (fs.existsSync(served)) fs.renameSync(served, previous);
    fs.renameSync(buildDir, served);
    console.log(`The host's new build is served from ${served} (built and checked in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(previous, { recursive: true, force: true });
  }
}

async function rollback(store: ReleaseStoreContract, to: string | undefined, force: boolean): Promise<void> {
  const started = Date.now();
  let result;
  try {
    result = await store.rollback({ to, force });
  } catch (error) {
    if (!(error instanceof MarkedBadError)) throw error;
    const { id, why } = error.release;
    throw new Error(
      `Refused: ${store.remote} ${id} was ${why}, so it was not made live. ` +
        `Make it live anyway with: npm run rollback -w ${appNamed(store.remote).dir} -- --to ${id} --force`,
    );
  }
  if (result.endedCanary) {
    console.log(`${store.remote}: the canary ${result.endedCanary} is rolled back in ${Date.now() - started} ms; ${result.to} stays live for everyone.`);
    console.log(`${result.endedCanary} is marked rolled back: it is not made live again unless forced.`);
    console.log(result.to);
    return;
  }
  const done = result.reason === 'rolled forward' ? 'rolled forward' : 'rolled back';
  console.log(`${store.remote} ${done} from ${result.from ?? 'nothing'} to ${result.to} in ${Date.now() - started} ms.`);
  console.log(`Why ${result.to}: ${result.why}.`);
  if (result.from && result.reason === 'rolled back') {
    console.log(`${result.from} is marked rolled back: a rollback never returns to it, and pruning drops it first.`);
  }
  console.log(result.to);
}

const period = (live: LivePeriod): string =>
  `live ${live.from ?? '(unknown)'} (${live.fromReason}) until ${live.untilReason ? `${live.until ?? '(unknown)'} (${live.untilReason})` : 'now'}`;

function describeRelease(status: ReleaseStatus, live: boolean): string[] {
  const mark = live ? '* ' : '  ';
  return [`${mark}${status.id}  ${status.state.padEnd(11)}  ${status.why}`, ...status.periods.map((each) => `      ${period(each)}`)];
}

async function promote(store: ReleaseStoreContract): Promise<void> {
  const started = Date.now();
  const change = await store.promote();
  console.log(`${store.remote} ${change.live} is promoted: live for everyone from ${change.at ?? 'now'} (in ${Date.now() - started} ms), replacing ${change.previous ?? 'nothing'}.`);
  console.log(change.live);
}

async function list(store: ReleaseStoreContract): Promise<void> {
  const statuses = (await store.statuses()).reverse();
  const kept = statuses.filter((status) => status.kept);
  if (!kept.length) console.log(`${store.remote} has no releases yet (npm run release -w ${appNamed(store.remote).dir}).`);
  const canary = await store.canary();
  console.log(canary ? describeCanary(canary).join('\n') : 'No canary running.');
  if (canary) console.log((await canaryHealthLines(store.remote, releasesApiAccess(process.env, path.resolve(REPO_ROOT, process.env.DATA_DIR?.trim() || '.data')))).join('\n'));
  for (const status of kept) console.log(describeRelease(status, status.state === 'live' || status.state === 'canary').join('\n'));
  const pruned = statuses.filter((status) => !status.kept);
  if (pruned.length) console.log(['Pruned (files gone, history kept):', ...pruned.flatMap((status) => describeRelease(status, false))].join('\n'));
  if (kept.length) {
    const target = await store.rollbackTarget();
    const passed = target.skipped.length ? `; passed over ${target.skipped.map((skip) => `${skip.id} (${skip.why})`).join(', ')}` : '';
    console.log(target.id ? `A rollback now goes to ${target.id}: ${target.why}.` : `A rollback now has nowhere to go: ${target.why}${passed}.`);
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      force: { type: 'boolean', default: false },
      canary: { type: 'string' },
      stages: { type: 'string' },
      contact: { type: 'string' },
    },
  });
  const [command, remote, folder] = positionals;
  if (command === 'release' && remote === 'host') return releaseHost();
  if (!remote || appNamed(remote).kind !== 'remote') {
    throw new Error(
      'Usage: cli.ts release|publish|rollback|promote|releases <remote> [folder] [--to <id>] [--force] [--canary <percent> | --stages <percent>:<time>,...] [--contact <email>], or cli.ts release host',
    );
  }
  if (values.to !== undefined && command !== 'rollback') throw new Error('--to goes with rollback only.');
  const canaryAsked = values.canary !== undefined || values.stages !== undefined;
  if ((canaryAsked || values.contact !== undefined) && command !== 'release' && command !== 'publish') {
    throw new Error('--canary, --stages and --contact go with release or publish only.');
  }
  if (values.contact !== undefined && !canaryAsked) throw new Error('--contact goes with --canary or --stages.');
  const rollout: Rollout = { canary: canaryAsked ? parsePlan({ canary: values.canary, stages: values.stages }) : null, contact: values.contact };
  const store = openReleaseStore(remote);
  try {
    if (command === 'release') await release(store, keepFrom(), values.force, rollout);
    else if (command === 'publish') await publishAlone(store, path.resolve(folder ?? distDir(remote)), keepFrom(), values.force, rollout);
    else if (command === 'rollback') await rollback(store, values.to, values.force);
    else if (command === 'promote') await promote(store);
    else if (command === 'releases') await list(store);
    else throw new Error(`Unknown command "${command}": use release, publish, rollback, promote or releases.`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
