import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startPgCluster, type PgCluster } from '../../testing/node/pg-cluster';
import { refreshOnRelease } from '../host/host-server';
import { LiveReleaseWatcher } from './live-release-watcher';
import { PgReleaseStore } from './pg-release-store';
import { createReleaseApp } from './release-app';
import { ReleaseFollower, type ServedReleases } from './release-follower';

/** What the issue asks: a pointer change reaches every replica (and every host) within 1 s. */
const FOLLOW_BUDGET_MS = 1000;
// Setting up a database, releases and two replicas on a machine busy with other suites.
jest.setTimeout(30_000);
/** This database's listening connections (the cluster serves the other tests' databases too). */
const LISTENING = "FROM pg_stat_activity WHERE application_name = 'carebook-releases-listen' AND datname = current_database()";

let cluster: PgCluster;
let root: string;
let databases = 0;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster.stop());
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-follower-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

function build(label: string): string {
  const dir = path.join(root, `build-${label}`);
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var doctors = "${label}";`);
  fs.writeFileSync(path.join(dir, 'index.html'), `<title>${label}</title>`);
  fs.writeFileSync(path.join(dir, 'server', 'DoctorsPage.js'), `module.exports = "${label}";`);
  return dir;
}

/** A database with a doctors store holding releases `one` (live) and `two`. */
async function releases(): Promise<{ url: string; store: PgReleaseStore; one: string; two: string }> {
  const url = await cluster.createDatabase(`follow_${(databases += 1)}`);
  const store = new PgReleaseStore(url, 'doctors');
  cleanups.push(() => store.close());
  const one = (await store.add(build('one'), new Date('2026-11-27T10:00:00.000Z'))).id;
  const two = (await store.add(build('two'), new Date('2026-11-27T11:00:00.000Z'))).id;
  await store.setLive(one);
  return { url, store, one, two };
}

/** What a replica serves when it takes `lagMs` more to serve a switch it has followed (as one copying a large release's files would). */
function lagging(follower: ReleaseFollower, lagMs: number): ServedReleases {
  let shown = follower.live();
  follower.onChange((live) => {
    setTimeout(() => {
      shown = live;
    }, lagMs);
  });
  return {
    remote: follower.remote,
    dir: follower.dir,
    live: () => shown,
    runningCanary: () => follower.runningCanary(),
    list: () => follower.list(),
    folder: (id) => follower.folder(id),
  };
}

/** One replica of the doctors remote: its follower and its server, on a port of its own. */
async function replica(url: string, name: string, options: { rereadMs?: number; relistenMs?: number; lagMs?: number } = {}) {
  const { lagMs, ...followerOptions } = options;
  const follower = new ReleaseFollower('doctors', { connectionString: url, cacheDir: path.join(root, name), ...followerOptions });
  await follower.start();
  const app = await createReleaseApp({ releases: lagMs === undefined ? follower : lagging(follower, lagMs) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => follower.stop(), () => app.close());
  const liveId = async (): Promise<string> => ((await (await fetch(`${address}/release.json`)).json()) as { id: string }).id;
  return { follower, address, liveId };
}

/** Milliseconds until `done()` holds, checking every 10 ms; fails past `limitMs`. */
async function timeUntil(done: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe('replicas of a remote on one PostgreSQL', () => {
  it('both serve a switch within 1 s of it, with the new release\'s files, server modules included', async () => {
    const { url, store, one, two } = await releases();
    // A re-read far beyond the budget: only the NOTIFY can make it in time.
    const replicas = [await replica(url, 'a', { rereadMs: 60_000 }), await replica(url, 'b', { rereadMs: 60_000 })];
    for (const each of replicas) expect(await each.liveId()).toBe(one);
    // A started follower is already listening: the switch below is sent with no wait of the test's own.
    const admin = new Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    expect(Number((await admin.query<{ n: string }>(`SELECT count(*) AS n ${LISTENING}`)).rows[0]?.n)).toBe(2);
    await store.setLive(two, 'released');
    const times = await Promise.all(replicas.map((each) => timeUntil(async () => (await each.liveId()) === two, 5000)));
    console.log(`replicas followed the switch in ${times.join(' ms and ')} ms`);
    for (const time of times) expect(time).toBeLessThan(FOLLOW_BUDGET_MS);
    for (const each of replicas) {
      expect(await (await fetch(`${each.address}/releases/${two}/server/DoctorsPage.js`)).text()).toBe('module.exports = "two";');
      // The release before stays served while it is kept (open tabs).
      expect(await (await fetch(`${each.address}/releases/${one}/remoteEntry.js`)).text()).toBe('var doctors = "one";');
      expect(await (await fetch(`${each.address}/`)).text()).toBe('<title>two</title>');
    }
    await store.rollback();
    const back = await Promise.all(replicas.map((each) => timeUntil(async () => (await each.liveId()) === one, 5000)));
    for (const time of back) expect(time).toBeLessThan(FOLLOW_BUDGET_MS);
    // Pruned in the database: gone from every replica's copy and no longer served.
    const third = (await store.add(build('three'), new Date('2026-11-27T12:00:00.000Z'))).id;
    await store.setLive(third, 'released');
    expect(await store.prune(2)).toEqual([two]);
    for (const each of replicas) {
      await timeUntil(async () => !each.follower.list().includes(two), 5000);
      expect(fs.existsSync(each.follower.folder(two))).toBe(false);
      expect((await fetch(`${each.address}/releases/${two}/remoteEntry.js`)).status).toBe(404);
      expect(await (await fetch(`${each.address}/releases/${third}/remoteEntry.js`)).text()).toBe('var doctors = "three";');
    }
  });

  it('offers a canary started through the store within 1 s (its NOTIFY), with its files, until it is promoted', async () => {
    const { url, store, one, two } = await releases();
    const { address } = await replica(url, 'a', { rereadMs: 60_000 });
    const offered = async (): Promise<{ id: string; canary: { id: string; entry: string; stages: unknown } | null }> =>
      (await (await fetch(`${address}/release.json`)).json()) as { id: string; canary: { id: string; entry: string; stages: unknown } | null };
    expect((await offered()).canary).toBeNull();
    const stages = [{ share: 10, durationMs: 300_000 }];
    await store.startCanary(two, stages);
    const time = await timeUntil(async () => (await offered()).canary?.id === two, 5000);
    console.log(`the replica offered the canary ${time} ms after its start`);
    expect(time).toBeLessThan(FOLLOW_BUDGET_MS);
    const reply = await offered();
    expect(reply).toMatchObject({ id: one, canary: { id: two, entry: `/releases/${two}/remoteEntry.js`, stages } });
    expect(await (await fetch(`${address}${reply.canary?.entry ?? ''}`)).text()).toBe('var doctors = "two";');
    await store.promote();
    await timeUntil(async () => (await offered()).id === two, 5000);
    expect((await offered()).canary).toBeNull();
  });

  it('fetches only the files a new release changed, and copies the rest from the release it has', async () => {
    const url = await cluster.createDatabase(`follow_${(databases += 1)}`);
    const store = new PgReleaseStore(url, 'doctors');
    cleanups.push(() => store.close());
    const vendor = 'var shared = "the same in every build";';
    const withVendor = (label: string): string => {
      const dir = build(label);
      fs.writeFileSync(path.join(dir, 'vendor.js'), vendor);
      return dir;
    };
    const one = (await store.add(withVendor('one'), new Date('2026-11-27T10:00:00.000Z'))).id;
    await store.setLive(one);
    const { address, liveId } = await replica(url, 'a', { rereadMs: 60_000 });
    expect(await liveId()).toBe(one);
    const blobs = jest.spyOn(PgReleaseStore.prototype, 'blobs');
    cleanups.push(() => blobs.mockRestore());
    const two = (await store.add(withVendor('two'), new Date('2026-11-27T11:00:00.000Z'))).id;
    await store.setLive(two, 'released');
    await timeUntil(async () => (await liveId()) === two, 5000);
    const fetched = blobs.mock.calls.flatMap(([hashes]) => [...hashes]);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched).not.toContain(createHash('sha256').update(vendor).digest('hex'));
    expect(await (await fetch(`${address}/releases/${two}/vendor.js`)).text()).toBe(vendor);
    expect(await (await fetch(`${address}/releases/${two}/remoteEntry.js`)).text()).toBe('var doctors = "two";');
  });

  it('catches a switch whose notification it missed (its connection was down) by the re-read', async () => {
    const { url, store, one, two } = await releases();
    // Listening again only after a minute: the re-read alone has to catch up.
    const { liveId } = await replica(url, 'a', { rereadMs: 300, relistenMs: 60_000 });
    expect(await liveId()).toBe(one);
    const admin = new Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const listening = async (): Promise<number> =>
      Number((await admin.query<{ n: string }>(`SELECT count(*) AS n ${LISTENING}`)).rows[0]?.n);
    expect(await listening()).toBe(1);
    await admin.query(`SELECT pg_terminate_backend(pid) ${LISTENING}`);
    await timeUntil(async () => (await listening()) === 0, 5000);
    await store.setLive(two, 'released');
    const time = await timeUntil(async () => (await liveId()) === two, 5000);
    expect(await listening()).toBe(0);
    expect(time).toBeLessThan(FOLLOW_BUDGET_MS);
  });

  /**
   * One replica re-reading once a minute (`lagMs` behind in serving what it follows) and a host's
   * watcher polling it once a minute, told of releases by the NOTIFY; both listen before it returns,
   * with no wait of the test's own.
   */
  async function hostPollingOnceAMinute(options: { lagMs?: number }) {
    const { url, store, two } = await releases();
    const { address } = await replica(url, 'a', { rereadMs: 60_000, ...options });
    const origin = new URL(address).origin;
    const watcher = new LiveReleaseWatcher([{ name: 'doctors', publicOrigin: origin, internalOrigin: origin }], { intervalMs: 60_000 });
    await watcher.start();
    const listener = refreshOnRelease(watcher, url);
    cleanups.push(() => watcher.stop(), () => listener.stop());
    await listener.ready;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    expect(Number((await admin.query<{ n: string }>(`SELECT count(*) AS n ${LISTENING}`)).rows[0]?.n)).toBe(2);
    return { store, two, watcher };
  }

  it('a host learns a switch from the NOTIFY within 1 s, between its polls', async () => {
    const { store, two, watcher } = await hostPollingOnceAMinute({});
    await store.setLive(two, 'released');
    const time = await timeUntil(async () => watcher.current().releases.doctors?.id === two, 5000);
    console.log(`the host followed the switch in ${time} ms`);
    expect(time).toBeLessThan(FOLLOW_BUDGET_MS);
  });

  it.each([600, 3000])('a host whose first questions after the NOTIFY find the replica still copying follows once it serves the switch, not at its next poll (the replica %i ms behind)', async (lagMs) => {
    const { store, two, watcher } = await hostPollingOnceAMinute({ lagMs });
    await store.setLive(two, 'released');
    const time = await timeUntil(async () => watcher.current().releases.doctors?.id === two, 5000);
    console.log(`the replica served the switch ${lagMs} ms after following it; the host followed in ${time} ms`);
    expect(time).toBeGreaterThanOrEqual(lagMs);
    expect(time - lagMs).toBeLessThan(FOLLOW_BUDGET_MS);
  });
});

describe('a replica moved from the filesystem store to PostgreSQL', () => {
  it('leaves the releases it kept on disk in the same RELEASES_DIR alone', async () => {
    const { url } = await releases();
    const onDisk = path.join(root, 'shared-dir', 'doctors', '20261127T090000000Z-0000aaaa');
    fs.mkdirSync(onDisk, { recursive: true });
    fs.writeFileSync(path.join(onDisk, 'remoteEntry.js'), 'kept on disk');
    const follower = new ReleaseFollower('doctors', { connectionString: url, cacheDir: path.join(root, 'shared-dir') });
    cleanups.push(() => follower.stop());
    await follower.sync();
    expect(fs.readFileSync(path.join(onDisk, 'remoteEntry.js'), 'utf8')).toBe('kept on disk');
    expect(follower.list()).toHaveLength(2);
    for (const id of follower.list()) expect(fs.existsSync(path.join(follower.folder(id), 'remoteEntry.js'))).toBe(true);
  });
});
