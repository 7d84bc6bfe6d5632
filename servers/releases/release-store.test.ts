import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { startPgCluster, type PgCluster } from '../../testing/node/pg-cluster';
import { openReleaseStore, releaseStoreKind } from './open-release-store';
import { CanaryRunningError } from './canary';
import { PgReleaseStore, RELEASES_SCHEMA } from './pg-release-store';
import {
  builtAtOf,
  isReleaseId,
  keepFrom,
  MarkedBadError,
  publishBuild,
  releaseId,
  ReleaseStore,
  type ReleaseHistory,
  type ReleaseStoreContract,
} from './release-store';
import { fakeRemoteBuild } from '../../testing/node/fake-remote-build';

let root: string;
const build = (label: string): string => fakeRemoteBuild(root, label);

// PostgreSQL on a machine busy with other suites: a store's first call creates its schema.
jest.setTimeout(30_000);

let cluster: PgCluster;
/** One database for the file; each test starts from an empty schema (cheaper than a database each). */
let databaseUrl: string;
const opened: ReleaseStoreContract[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('releases');
});

async function emptyDatabase(): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${RELEASES_SCHEMA} CASCADE`);
  } finally {
    await client.end();
  }
  return databaseUrl;
}
afterAll(() => cluster.stop());
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-releases-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  fs.rmSync(root, { recursive: true, force: true });
});

/** Each store behind the one contract; every test of the contract runs on both. */
interface StoreCase {
  name: string;
  open(): Promise<ReleaseStoreContract>;
}
const fileStore = (): ReleaseStore => new ReleaseStore(root, 'doctors');
const stores: StoreCase[] = [
  { name: 'the filesystem store', open: async () => fileStore() },
  {
    name: 'the PostgreSQL store',
    async open() {
      const store = new PgReleaseStore(await emptyDatabase(), 'doctors');
      opened.push(store);
      return store;
    },
  },
];

describe('release ids', () => {
  it('sort by time and end with the content hash', () => {
    const id = releaseId(new Date('2026-11-22T10:15:00.123Z'), 'abcdef0123456789');
    expect(id).toBe('20261122T101500123Z-abcdef01');
    expect(isReleaseId(id)).toBe(true);
    expect(builtAtOf(id)).toBe('2026-11-22T10:15:00.123Z');
    expect(releaseId(new Date('2026-11-22T10:15:01.000Z'), '00') > id).toBe(true);
  });

  it.each(['live', '../x', '20261122T101500123Z', '20261122T101500123Z-ABCDEF01', ''])('rejects %p', (value) => {
    expect(isReleaseId(value)).toBe(false);
  });

  it('keeps releases on disk unless DATABASE_URL is set, and RELEASES_STORE picks either', async () => {
    const url = 'postgres://carebook@db.example:5432/carebook';
    expect(releaseStoreKind({})).toBe('files');
    expect(releaseStoreKind({ DATABASE_URL: url })).toBe('postgres');
    expect(releaseStoreKind({ DATABASE_URL: url, RELEASES_STORE: 'files' })).toBe('files');
    expect(() => releaseStoreKind({ RELEASES_STORE: 'postgres' })).toThrow('RELEASES_STORE=postgres needs DATABASE_URL');
    expect(() => releaseStoreKind({ RELEASES_STORE: 's3' })).toThrow('RELEASES_STORE must be postgres or files');
    expect(openReleaseStore('doctors', { RELEASES_DIR: root })).toBeInstanceOf(ReleaseStore);
    const remote = openReleaseStore('doctors', { DATABASE_URL: url });
    expect(remote).toBeInstanceOf(PgReleaseStore);
    await remote.close();
  });

  it('reads RELEASES_KEEP, 5 by default, and refuses nonsense', () => {
    expect(keepFrom({})).toBe(5);
    expect(keepFrom({ RELEASES_KEEP: '2' })).toBe(2);
    expect(() => keepFrom({ RELEASES_KEEP: '0' })).toThrow('RELEASES_KEEP');
    expect(() => keepFrom({ RELEASES_KEEP: 'many' })).toThrow('RELEASES_KEEP');
  });
});

describe.each(stores)('$name', ({ open }) => {
  it('adds an immutable copy stamped with its id and build time, and leaves the pointer alone', async () => {
    const store = await open();
    const first = await store.add(build('one'), new Date('2026-11-22T10:00:00.000Z'));
    expect(await store.list()).toEqual([first.id]);
    expect(await store.live()).toBeNull();
    const manifest = JSON.parse((await store.file(first.id, 'mf-manifest.json'))?.toString() ?? '');
    expect(manifest.metaData.release).toEqual({ id: first.id, builtAt: '2026-11-22T10:00:00.000Z' });
    const gzipped = zlib.gunzipSync((await store.file(first.id, 'mf-manifest.json.gz')) ?? Buffer.alloc(0)).toString();
    expect(JSON.parse(gzipped).metaData.release.id).toBe(first.id);
    expect((await store.file(first.id, 'remoteEntry.js'))?.toString()).toBe('var doctors = "one";');
    expect(await store.file(first.id, 'missing.js')).toBeNull();
  });

  it('switches the live pointer and records why', async () => {
    const store = await open();
    const a = await store.add(build('a'), new Date('2026-11-22T10:00:00.000Z'));
    const b = await store.add(build('b'), new Date('2026-11-22T11:00:00.000Z'));
    await store.setLive(a.id, 'released', { now: new Date('2026-11-22T10:01:00.000Z') });
    await store.setLive(b.id, 'released', { now: new Date('2026-11-22T11:01:00.000Z') });
    expect((await store.live())?.id).toBe(b.id);
    expect((await store.history()).switches).toEqual([
      { at: '2026-11-22T10:01:00.000Z', live: a.id, previous: null, reason: 'released' },
      { at: '2026-11-22T11:01:00.000Z', live: b.id, previous: a.id, reason: 'released' },
    ]);
    expect((await store.rollbackTarget()).id).toBe(a.id);
    await expect(Promise.resolve().then(() => store.setLive('20261122T120000000Z-deadbeef'))).rejects.toThrow('no kept release');
  });

  it('prunes the oldest beyond the kept number, never the live one', async () => {
    const store = await open();
    const ids: string[] = [];
    for (const [hour, label] of ['a', 'b', 'c', 'd'].entries()) ids.push((await store.add(build(label), new Date(Date.UTC(2026, 10, 22, hour)))).id);
    await store.setLive(ids[0] ?? '');
    expect(await store.prune(2)).toEqual([ids[1], ids[2]]);
    expect(await store.list()).toEqual([ids[0], ids[3]]);
    expect(await store.file(ids[1] ?? '', 'remoteEntry.js')).toBeNull();
    await store.setLive(ids[3] ?? '');
    // The one live before it is the rollback target: it stays.
    expect(await store.prune(1)).toEqual([]);
    expect(await store.list()).toEqual([ids[0], ids[3]]);
  });

  it('publishes a build once: the same bytes again change nothing', async () => {
    const store = await open();
    const dir = build('same');
    const first = await publishBuild(store, dir, 5);
    expect(await publishBuild(store, dir, 5)).toEqual(first);
    expect(await store.list()).toHaveLength(1);
    const next = await publishBuild(store, build('other'), 5);
    expect(next.id).not.toBe(first.id);
    expect((await store.live())?.id).toBe(next.id);
  });

  it('refuses a folder that is not a remote build', async () => {
    const store = await open();
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    await expect(Promise.resolve().then(() => store.add(empty))).rejects.toThrow('no remoteEntry.js');
    expect(await store.list()).toEqual([]);
  });

  it('does not bring back a build that was rolled back when publishing at start-up', async () => {
    const store = await open();
    const good = await publishBuild(store, build('good'), 5);
    const broken = build('broken');
    await publishBuild(store, broken, 5);
    await store.rollback();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await publishBuild(store, broken, 5)).toEqual(good);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${good.id} stays live`));
    } finally {
      warn.mockRestore();
    }
    expect((await store.live())?.id).toBe(good.id);
    expect(await store.list()).toHaveLength(2);
  });

  /** The store on a clock of our own: each step a minute after the last. */
  async function timeline() {
    const store = await open();
    let minute = 0;
    const tick = () => new Date(Date.UTC(2026, 10, 22, 10, (minute += 1)));
    return {
      store,
      tick,
      async release(label: string, keep = 5): Promise<string> {
        const { id } = await store.add(build(label), tick());
        await store.setLive(id, 'released', { now: tick() });
        await store.prune(keep, tick());
        return id;
      },
      rollback: async (options: { to?: string; force?: boolean } = {}) => store.rollback({ ...options, now: tick() }),
      state: async (id: string) => (await store.statuses()).find((status) => status.id === id)?.state,
    };
  }

  describe('release history', () => {
    it('rolls back to the release live before the live one became live, never to one rolled back', async () => {
      const { store, release, rollback, state } = await timeline();
      const r1 = await release('good-one');
      const r2 = await release('broken');
      expect(await rollback()).toMatchObject({ from: r2, to: r1, reason: 'rolled back' });
      expect(await state(r2)).toBe('rolled back');
      const r3 = await release('good-two');
      // Before R3 went live R1 was: R2 (newer than R1, rolled back) is not brought back.
      const back = await rollback();
      expect(back).toMatchObject({ from: r3, to: r1, reason: 'rolled back' });
      expect(back.why).toContain(`${r1} was live before ${r3} became live`);
      expect((await store.live())?.id).toBe(r1);
      expect(await state(r3)).toBe('rolled back');
      expect(await state(r1)).toBe('live');
    });

    it('passes over rolled-back releases on the way back and says so', async () => {
      const { release, rollback } = await timeline();
      const r1 = await release('one');
      await release('two');
      const r3 = await release('three');
      const first = await rollback();
      const second = await rollback();
      expect(first.to).not.toBe(r1);
      expect(second).toMatchObject({ to: r1, skipped: [{ id: r3, why: expect.stringContaining('rolled back at') }] });
      expect(second.why).toContain(`passed over ${r3}`);
    });

    it('stops with the reason when no good earlier release is kept', async () => {
      const { store, release, rollback } = await timeline();
      const r1 = await release('one');
      const r2 = await release('two');
      await rollback();
      await expect(rollback()).rejects.toThrow(
        `doctors has nothing to roll back to: no release that was live before ${r1} is kept and good; passed over ${r2}`,
      );
      expect((await store.live())?.id).toBe(r1);
    });

    it('refuses to make a rolled-back release live without force, and rolls forward with it', async () => {
      const { store, release, rollback, state } = await timeline();
      const r1 = await release('one');
      const r2 = await release('two');
      await rollback();
      await expect(rollback({ to: r2 })).rejects.toThrow(MarkedBadError);
      await expect(Promise.resolve().then(() => store.setLive(r2, 'released'))).rejects.toThrow(`${r2} was rolled back at 2026-11-22T10:07:00.000Z`);
      expect((await store.live())?.id).toBe(r1);
      await expect(rollback({ to: r1 })).rejects.toThrow('is the live release already');
      expect(await rollback({ to: r2, force: true })).toMatchObject({ from: r1, to: r2, reason: 'rolled forward' });
      expect((await store.live())?.id).toBe(r2);
      // Rolling forward says nothing against the release it leaves.
      expect(await state(r1)).toBe('good');
    });

    it('rolls back to an older good release on request, marking the live one rolled back', async () => {
      const { release, rollback, state } = await timeline();
      const r1 = await release('one');
      await release('two');
      const r3 = await release('three');
      expect(await rollback({ to: r1 })).toMatchObject({ from: r3, to: r1, reason: 'rolled back' });
      expect(await state(r3)).toBe('rolled back');
    });

    it('lists every live period with how it began and ended', async () => {
      const { store, release, rollback } = await timeline();
      const r1 = await release('one');
      const r2 = await release('two');
      await rollback();
      const statuses = await store.statuses();
      expect(statuses.map(({ id, state }) => ({ id, state }))).toEqual([
        { id: r1, state: 'live' },
        { id: r2, state: 'rolled back' },
      ]);
      expect(statuses[0]?.periods).toEqual([
        { from: '2026-11-22T10:02:00.000Z', fromReason: 'released', until: '2026-11-22T10:05:00.000Z', untilReason: 'released', next: r2 },
        { from: '2026-11-22T10:07:00.000Z', fromReason: 'rolled back', until: null, untilReason: null, next: null },
      ]);
      expect(statuses[1]?.periods).toEqual([
        { from: '2026-11-22T10:05:00.000Z', fromReason: 'released', until: '2026-11-22T10:07:00.000Z', untilReason: 'rolled back', next: r1 },
      ]);
    });

    it('records the reasons a future canary uses: promoted and withdrawn', async () => {
      const { store, tick, release, state } = await timeline();
      const r1 = await release('one');
      const canary = (await store.add(build('canary'), tick())).id;
      expect(await state(canary)).toBe('never live');
      await store.setLive(canary, 'promoted', { now: tick() });
      await store.setLive(r1, 'withdrawn', { now: tick() });
      expect(await state(canary)).toBe('withdrawn');
      expect(await store.rollbackTarget()).toMatchObject({ id: null, skipped: [{ id: canary, why: expect.stringContaining('withdrawn at') }] });
    });
  });

  describe('canaries', () => {
    const plan = [
      { share: 10, durationMs: 5 * 60_000 },
      { share: 50, durationMs: 10 * 60_000 },
    ];

    /** R1 live, then a new release R2 as a canary on the plan above. */
    async function withCanary() {
      const line = await timeline();
      const r1 = await line.release('one');
      const r2 = (await line.store.add(build('two'), line.tick())).id;
      const startedAt = line.tick();
      const started = await line.store.startCanary(r2, plan, { contact: 'doctors-team@carebook.test', now: startedAt });
      return { ...line, r1, r2, startedAt, started };
    }

    it('starts a canary beside the live release and records it in the history', async () => {
      const { store, r1, r2, startedAt, started, state } = await withCanary();
      expect(started).toMatchObject({ id: r2, base: r1, share: 10, stage: 1, stageCount: 2, state: 'running', contact: 'doctors-team@carebook.test' });
      expect((await store.live())?.id).toBe(r1);
      expect(await state(r2)).toBe('canary');
      expect((await store.history()).canaries).toEqual([
        { id: r2, base: r1, startedAt: startedAt.toISOString(), stages: plan, contact: 'doctors-team@carebook.test' },
      ]);
    });

    it('advances its stages by the stored plan and the clock, then holds', async () => {
      const { store, startedAt } = await withCanary();
      const after = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);
      expect(await store.canary(after(4))).toMatchObject({ share: 10, stage: 1, stageEndsAt: after(5).toISOString() });
      expect(await store.canary(after(5))).toMatchObject({ share: 50, stage: 2, stageEndsAt: after(15).toISOString(), state: 'running' });
      expect(await store.canary(after(16))).toMatchObject({ share: 50, stage: 2, stageEndsAt: null, state: 'holding' });
    });

    it('refuses a new release, a second canary and a rollback to a named release while one runs', async () => {
      const { store, r1, r2, tick } = await withCanary();
      const r3 = (await store.add(build('three'), tick())).id;
      await expect(Promise.resolve().then(() => store.setLive(r3, 'released'))).rejects.toThrow(
        `doctors has a canary running (${r2}, since 2026-11-22T10:05:00.000Z), so making ${r3} live (released) was refused`,
      );
      await expect(Promise.resolve().then(() => store.startCanary(r3, plan))).rejects.toThrow(CanaryRunningError);
      await expect(Promise.resolve().then(() => store.rollback({ to: r3 }))).rejects.toThrow('npm run rollback -w remotes/doctors withdraws it');
      await expect(Promise.resolve().then(() => store.setLive(r2, 'released'))).rejects.toThrow(CanaryRunningError);
      expect((await store.live())?.id).toBe(r1);
      expect((await store.canary())?.id).toBe(r2);
    });

    it('refuses a canary of the live release, of a release it does not keep, without a live release, or with a bad contact', async () => {
      const line = await timeline();
      const first = (await line.store.add(build('first'), line.tick())).id;
      await expect(Promise.resolve().then(() => line.store.startCanary(first, plan))).rejects.toThrow('has no live release');
      const r1 = await line.release('one');
      await expect(Promise.resolve().then(() => line.store.startCanary(r1, plan))).rejects.toThrow('is the live release already');
      await expect(Promise.resolve().then(() => line.store.startCanary('20261122T101500123Z-abcdef01', plan))).rejects.toThrow('has no kept release');
      const r2 = (await line.store.add(build('two'), line.tick())).id;
      await expect(Promise.resolve().then(() => line.store.startCanary(r2, plan, { contact: 'not an address' }))).rejects.toThrow('--contact must be an email address');
      expect(await line.store.canary()).toBeNull();
    });

    it('is promoted by hand: live for everyone, the canary ended in the same step', async () => {
      const { store, r1, r2, tick, state } = await withCanary();
      const promotedAt = tick();
      expect(await store.promote({ now: promotedAt })).toMatchObject({ live: r2, previous: r1, reason: 'promoted' });
      expect((await store.live())?.id).toBe(r2);
      expect(await store.canary()).toBeNull();
      expect(await state(r2)).toBe('live');
      expect(await state(r1)).toBe('good');
      expect((await store.history()).canaries?.at(-1)).toMatchObject({ id: r2, ended: 'promoted', endedAt: promotedAt.toISOString() });
      // A rollback after the promotion goes back to the release live before it.
      expect((await store.rollbackTarget()).id).toBe(r1);
      await expect(Promise.resolve().then(() => store.promote())).rejects.toThrow('has no canary running: nothing to promote');
    });

    it('is rolled back by hand: the live release stays, the canary is marked rolled back and not brought back', async () => {
      const { store, r1, r2, tick, state } = await withCanary();
      const result = await store.rollback({ now: tick() });
      expect(result).toMatchObject({ from: r1, to: r1, reason: 'rolled back', endedCanary: r2 });
      expect(result.why).toBe(`the canary ${r2} is rolled back; ${r1} stays live for everyone`);
      expect((await store.live())?.id).toBe(r1);
      expect(await store.canary()).toBeNull();
      expect(await state(r2)).toBe('rolled back');
      expect((await store.statuses()).find((status) => status.id === r2)?.why).toBe('rolled back as a canary at 2026-11-22T10:06:00.000Z (rolled back by hand)');
      await expect(Promise.resolve().then(() => store.startCanary(r2, plan))).rejects.toThrow(MarkedBadError);
      // A new release goes live again once the canary has ended.
      const r3 = await (await timelineOf(store, tick)).release('three');
      expect((await store.live())?.id).toBe(r3);
    });

    it('is withdrawn by the rule: the live release stays, the canary is marked withdrawn with its figures, once', async () => {
      const { store, r1, r2, tick, state } = await withCanary();
      const at = tick();
      const note = 'withdrawn by the rule: canary 20/40 page views with errors (50.0%), live 0/40 (0.0%), z = 5.16';
      expect(await store.withdraw('20261122T101500123Z-abcdef01', { note, now: at })).toBe(false);
      expect((await store.canary())?.id).toBe(r2);
      expect(await store.withdraw(r2, { note, now: at })).toBe(true);
      expect((await store.live())?.id).toBe(r1);
      expect(await store.canary()).toBeNull();
      expect(await state(r2)).toBe('withdrawn');
      expect((await store.history()).canaries?.at(-1)).toMatchObject({ id: r2, ended: 'withdrawn', endedAt: at.toISOString(), note });
      expect((await store.statuses()).find((status) => status.id === r2)?.why).toBe(`withdrawn as a canary at ${at.toISOString()} (${note})`);
      // A second replica acting on the same order finds it ended: nothing changes.
      expect(await store.withdraw(r2, { note: 'again', now: tick() })).toBe(false);
      expect((await store.history()).canaries?.at(-1)).toMatchObject({ endedAt: at.toISOString(), note });
      await expect(Promise.resolve().then(() => store.startCanary(r2, plan))).rejects.toThrow(MarkedBadError);
    });

    it('keeps the canary\'s files when pruning', async () => {
      const { store, r1, r2 } = await withCanary();
      expect(await store.prune(1)).toEqual([]);
      expect(await store.list()).toEqual([r1, r2]);
    });

    it('keeps a publish at start-up from going around it', async () => {
      const { store, r1, r2 } = await withCanary();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        expect((await publishBuild(store, build('restart'), 5)).id).toBe(r1);
      } finally {
        warn.mockRestore();
      }
      expect((await store.canary())?.id).toBe(r2);
    });
  });

  /** A `release` of the timeline above on a store already open. */
  async function timelineOf(store: ReleaseStoreContract, tick: () => Date) {
    return {
      async release(label: string): Promise<string> {
        const { id } = await store.add(build(label), tick());
        await store.setLive(id, 'released', { now: tick() });
        return id;
      },
    };
  }

  describe('pruning', () => {
    it('with RELEASES_KEEP=2 after good, bad, good releases keeps the good ones', async () => {
      const { store, release, rollback, state } = await timeline();
      const good = await release('good-one', 2);
      const bad = await release('bad', 2);
      await rollback();
      const next = await release('good-two', 2);
      expect(await store.list()).toEqual([good, next]);
      // Its files are gone, its history stays: still known as rolled back.
      expect(await state(bad)).toBe('rolled back');
      expect((await store.statuses()).find((status) => status.id === bad)?.kept).toBe(false);
      expect((await store.history()).releases.find((record) => record.id === bad)?.prunedAt).toEqual(expect.any(String));
      expect((await store.rollbackTarget()).id).toBe(good);
    });

    it('drops a rolled-back release before an older good one', async () => {
      const { store, release, rollback } = await timeline();
      await release('a', 10);
      const b = await release('b', 10);
      const c = await release('c', 10);
      await release('d', 10);
      await rollback();
      const e = await release('e', 3);
      // The newest three would keep the rolled-back D; the oldest go first among the good ones.
      expect(await store.list()).toEqual([b, c, e]);
    });

    it('keeps the rollback target even when it is the oldest', async () => {
      const { store, release } = await timeline();
      await release('one', 10);
      await release('two', 10);
      const r3 = await release('three', 10);
      const r4 = await release('four', 1);
      expect(await store.list()).toEqual([r3, r4]);
    });
  });
});

describe('the filesystem store', () => {
  it('writes each file through a temporary file: nothing else is left in the folder', () => {
    const store = fileStore();
    const a = store.add(build('a'), new Date('2026-11-22T10:00:00.000Z'));
    const b = store.add(build('b'), new Date('2026-11-22T11:00:00.000Z'));
    store.setLive(a.id);
    store.setLive(b.id);
    expect(fs.readdirSync(store.dir).sort()).toEqual([a.id, b.id, 'history.json', 'live']);
  });
});

/** The filesystem store on a clock of our own: each step a minute after the last. */
function timeline() {
  const store = fileStore();
  let minute = 0;
  const tick = () => new Date(Date.UTC(2026, 10, 22, 10, (minute += 1)));
  return {
    store,
    tick,
    release(label: string, keep = 5): string {
      const id = store.add(build(label), tick()).id;
      store.setLive(id, 'released', { now: tick() });
      store.prune(keep, tick());
      return id;
    },
  };
}

describe('a store kept before release histories existed', () => {
  it('infers what it can and writes the history on its next change', () => {
    const store = new ReleaseStore(root, 'doctors');
    const [a, b, c] = ['a', 'b', 'c'].map((label, hour) => store.add(build(label), new Date(Date.UTC(2026, 10, 22, hour))).id);
    // What the older store left: release folders and a pointer, no history.
    fs.rmSync(path.join(store.dir, 'history.json'));
    fs.writeFileSync(path.join(store.dir, 'live'), `${b}\n`);
    const statuses = store.statuses();
    expect(statuses.map(({ id, state }) => ({ id, state }))).toEqual([
      { id: a, state: 'unknown' },
      { id: b, state: 'live' },
      // Only a rollback left a newer release behind the pointer.
      { id: c, state: 'rolled back' },
    ]);
    expect(store.rollbackTarget()).toMatchObject({ id: a, why: expect.stringContaining('from before the history began') });
    expect(fs.existsSync(path.join(store.dir, 'history.json'))).toBe(false);
    store.rollback({ now: new Date('2026-11-23T09:00:00.000Z') });
    expect(store.live()?.id).toBe(a);
    const written = JSON.parse(fs.readFileSync(path.join(store.dir, 'history.json'), 'utf8')) as ReleaseHistory;
    expect(written.switches).toEqual([
      { at: null, live: b, previous: null, reason: 'unknown', note: 'live when the history began' },
      { at: '2026-11-23T09:00:00.000Z', live: a, previous: b, reason: 'rolled back' },
    ]);
  });

  it('takes a new release after the migration like any other', async () => {
    const store = new ReleaseStore(root, 'doctors');
    const old = store.add(build('old'), new Date('2026-11-22T10:00:00.000Z')).id;
    fs.rmSync(path.join(store.dir, 'history.json'));
    fs.writeFileSync(path.join(store.dir, 'live'), `${old}\n`);
    const next = (await publishBuild(store, build('next'), 5)).id;
    expect(store.statuses().map(({ id, state }) => ({ id, state }))).toEqual([
      { id: old, state: 'good' },
      { id: next, state: 'live' },
    ]);
    expect(store.rollbackTarget().id).toBe(old);
  });

  it('refuses a file that is not a history instead of guessing', () => {
    const store = new ReleaseStore(root, 'doctors');
    store.add(build('a'));
    fs.writeFileSync(path.join(store.dir, 'history.json'), '{"version": 1, "rel');
    expect(() => store.statuses()).toThrow('is not a release history');
  });
});

describe('history and pointer stay consistent', () => {
  /** What a release command leaves when it stops after writing the switch, before confirming it. */
  function crashedSwitch(store: ReleaseStore, change: ReleaseHistory['switches'][number]): void {
    const file = path.join(store.dir, 'history.json');
    const history = JSON.parse(fs.readFileSync(file, 'utf8')) as ReleaseHistory;
    history.switches.push({ ...change, pending: true });
    fs.writeFileSync(file, JSON.stringify(history));
  }

  it('leaves out a switch whose pointer flip never happened (a crash between the writes)', () => {
    const { store, tick, release } = timeline();
    const r1 = release('one');
    const r2 = store.add(build('two'), tick()).id;
    crashedSwitch(store, { at: tick().toISOString(), live: r2, previous: r1, reason: 'released' });
    expect(store.live()?.id).toBe(r1);
    expect(store.history().switches.map((change) => change.live)).toEqual([r1]);
    expect(store.statuses().find((status) => status.id === r2)?.state).toBe('never live');
    expect(store.rollbackTarget().id).toBeNull();
  });

  it('keeps a switch whose pointer flip happened before the crash', () => {
    const { store, tick, release } = timeline();
    const r1 = release('one');
    const r2 = store.add(build('two'), tick()).id;
    crashedSwitch(store, { at: tick().toISOString(), live: r2, previous: r1, reason: 'released' });
    fs.writeFileSync(path.join(store.dir, 'live'), `${r2}\n`);
    expect(store.history().switches.at(-1)).toEqual({ at: '2026-11-22T10:05:00.000Z', live: r2, previous: r1, reason: 'released' });
    expect(store.rollbackTarget().id).toBe(r1);
  });

  it('shows a pointer moved by hand as a switch for an unknown reason', () => {
    const { store, release } = timeline();
    const r1 = release('one');
    const r2 = release('two');
    fs.writeFileSync(path.join(store.dir, 'live'), `${r1}\n`);
    expect(store.history().switches.at(-1)).toEqual({
      at: null,
      live: r1,
      previous: r2,
      reason: 'unknown',
      note: 'the pointer was moved outside the release commands',
    });
    expect(store.statuses().find((status) => status.id === r2)?.state).toBe('unknown');
  });

  it('takes over the lock a crashed command left behind', () => {
    const { store, release } = timeline();
    release('one');
    const lock = path.join(store.dir, '.lock');
    fs.mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    const r2 = release('two');
    expect(store.live()?.id).toBe(r2);
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('the PostgreSQL store', () => {
  async function twoMachines(): Promise<[PgReleaseStore, PgReleaseStore, string]> {
    const url = await emptyDatabase();
    const stores = [new PgReleaseStore(url, 'doctors'), new PgReleaseStore(url, 'doctors')] as const;
    opened.push(...stores);
    return [...stores, url];
  }

  async function query<T>(url: string, sql: string): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('is one store for every machine: a release made through one is live on the other', async () => {
    const [one, other] = await twoMachines();
    const first = await publishBuild(one, build('one'), 5);
    expect(await other.live()).toEqual(first);
    expect((await other.file(first.id, 'remoteEntry.js'))?.toString()).toBe('var doctors = "one";');
    const second = await publishBuild(other, build('two'), 5);
    expect((await one.rollback()).to).toBe(first.id);
    expect(await other.statuses()).toEqual(await one.statuses());
    expect((await other.statuses()).find((status) => status.id === second.id)?.state).toBe('rolled back');
  });

  it('keeps each file once by its content, and drops it with the last release that holds it', async () => {
    const [store, , url] = await twoMachines();
    const shared = (dir: string): string => {
      fs.writeFileSync(path.join(dir, 'vendor.0000aaaa.js'), 'the same library in every build');
      return dir;
    };
    const a = await store.add(shared(build('a')), new Date('2026-11-22T10:00:00.000Z'));
    const b = await store.add(shared(build('b')), new Date('2026-11-22T11:00:00.000Z'));
    const countOf = async (sql: string): Promise<number> => Number((await query<{ n: string }>(url, sql))[0]?.n);
    const blobsOfVendor = `SELECT count(*) AS n FROM ${RELEASES_SCHEMA}.blobs WHERE bytes = convert_to('the same library in every build', 'UTF8')`;
    expect(await countOf(blobsOfVendor)).toBe(1);
    expect(await countOf(`SELECT count(*) AS n FROM ${RELEASES_SCHEMA}.files WHERE path = 'vendor.0000aaaa.js'`)).toBe(2);
    await store.setLive(b.id);
    expect(await store.prune(1)).toEqual([a.id]);
    expect(await countOf(blobsOfVendor)).toBe(1);
    // A's own files are gone with it; B's are all there.
    expect(await countOf(`SELECT count(*) AS n FROM ${RELEASES_SCHEMA}.blobs WHERE bytes = convert_to('chunk a', 'UTF8')`)).toBe(0);
    expect((await store.file(b.id, 'vendor.0000aaaa.js'))?.toString()).toBe('the same library in every build');
  });

  it('publishes one image once when its replicas start together', async () => {
    const [one, other] = await twoMachines();
    const image = build('image');
    const [a, b] = await Promise.all([one, other].map((store) => store.exclusively(() => publishBuild(store, image, 5))));
    expect(a).toEqual(b);
    expect(await one.list()).toEqual([a?.id]);
    expect((await one.history()).switches).toHaveLength(1);
  });

  it('starts another machine while one is publishing: once the schema is made, a start takes no table lock', async () => {
    const [one, , url] = await twoMachines();
    await one.add(build('a'));
    // A publish in progress elsewhere: its transaction holds the files and blobs tables for writing.
    const publishing = new Client({ connectionString: url });
    await publishing.connect();
    try {
      await publishing.query('BEGIN');
      await publishing.query(`LOCK TABLE ${RELEASES_SCHEMA}.blobs, ${RELEASES_SCHEMA}.files IN ROW EXCLUSIVE MODE`);
      const starting = new PgReleaseStore(url, 'doctors');
      opened.push(starting);
      const answered = starting.list().then((ids) => ids.length);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000).unref());
      expect(await Promise.race([answered, waited])).toBe(1);
    } finally {
      await publishing.query('ROLLBACK');
      await publishing.end();
    }
  });

  it('refuses to change a stored file', async () => {
    const [store, , url] = await twoMachines();
    const { id } = await store.add(build('a'));
    await expect(query(url, `UPDATE ${RELEASES_SCHEMA}.blobs SET bytes = 'x'`)).rejects.toThrow('release files are immutable');
    await expect(query(url, `UPDATE ${RELEASES_SCHEMA}.files SET path = 'other.js'`)).rejects.toThrow('release files are immutable');
    expect((await store.file(id, 'remoteEntry.js'))?.toString()).toBe('var doctors = "a";');
  });

  it('moves the pointer of concurrent commands one at a time: every switch is in the history', async () => {
    const [one, other] = await twoMachines();
    const a = await one.add(build('a'), new Date('2026-11-22T10:00:00.000Z'));
    const b = await one.add(build('b'), new Date('2026-11-22T11:00:00.000Z'));
    await one.setLive(a.id);
    // Two machines switch at once: each reads the pointer the other left.
    await Promise.all([one.setLive(b.id, 'released'), other.setLive(b.id, 'released')]);
    const switches = (await other.history()).switches;
    expect(switches.map((change) => [change.previous, change.live])).toEqual([
      [null, a.id],
      [a.id, b.id],
    ]);
  });
});
