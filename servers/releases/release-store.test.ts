import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { builtAtOf, isReleaseId, keepFrom, MarkedBadError, publishBuild, releaseId, ReleaseStore, type ReleaseHistory } from './release-store';

let root: string;
let builds = 0;

/** A fake remote build: an entry, a manifest and a hashed chunk whose bytes tell builds apart. */
function build(label: string): string {
  const dir = path.join(root, `build-${(builds += 1)}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var doctors = "${label}";`);
  fs.writeFileSync(path.join(dir, `603.${label.padEnd(8, '0').slice(0, 8)}.js`), `chunk ${label}`);
  const manifest = JSON.stringify({ name: 'doctors', metaData: { name: 'doctors' } });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json.gz'), zlib.gzipSync(manifest));
  return dir;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-releases-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

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

  it('reads RELEASES_KEEP, 5 by default, and refuses nonsense', () => {
    expect(keepFrom({})).toBe(5);
    expect(keepFrom({ RELEASES_KEEP: '2' })).toBe(2);
    expect(() => keepFrom({ RELEASES_KEEP: '0' })).toThrow('RELEASES_KEEP');
    expect(() => keepFrom({ RELEASES_KEEP: 'many' })).toThrow('RELEASES_KEEP');
  });
});

describe('ReleaseStore', () => {
  it('adds an immutable copy stamped with its id and build time, and leaves the pointer alone', () => {
    const store = new ReleaseStore(root, 'doctors');
    const first = store.add(build('one'), new Date('2026-11-22T10:00:00.000Z'));
    expect(store.list()).toEqual([first.id]);
    expect(store.live()).toBeNull();
    const manifest = JSON.parse(fs.readFileSync(path.join(store.folder(first.id), 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.release).toEqual({ id: first.id, builtAt: '2026-11-22T10:00:00.000Z' });
    const gzipped = zlib.gunzipSync(fs.readFileSync(path.join(store.folder(first.id), 'mf-manifest.json.gz'))).toString();
    expect(JSON.parse(gzipped).metaData.release.id).toBe(first.id);
  });

  it('switches the live pointer and records why', () => {
    const store = new ReleaseStore(root, 'doctors');
    const a = store.add(build('a'), new Date('2026-11-22T10:00:00.000Z'));
    const b = store.add(build('b'), new Date('2026-11-22T11:00:00.000Z'));
    store.setLive(a.id, 'released', { now: new Date('2026-11-22T10:01:00.000Z') });
    store.setLive(b.id, 'released', { now: new Date('2026-11-22T11:01:00.000Z') });
    expect(store.live()?.id).toBe(b.id);
    expect(store.history().switches).toEqual([
      { at: '2026-11-22T10:01:00.000Z', live: a.id, previous: null, reason: 'released' },
      { at: '2026-11-22T11:01:00.000Z', live: b.id, previous: a.id, reason: 'released' },
    ]);
    expect(store.rollbackTarget().id).toBe(a.id);
    expect(() => store.setLive('20261122T120000000Z-deadbeef')).toThrow('no kept release');
    // Written whole, through a temporary file: nothing else is left in the folder.
    expect(fs.readdirSync(store.dir).sort()).toEqual([a.id, b.id, 'history.json', 'live']);
  });

  it('prunes the oldest beyond the kept number, never the live one', () => {
    const store = new ReleaseStore(root, 'doctors');
    const ids = ['a', 'b', 'c', 'd'].map((label, hour) => store.add(build(label), new Date(Date.UTC(2026, 10, 22, hour))).id);
    store.setLive(ids[0] ?? '');
    expect(store.prune(2)).toEqual([ids[1], ids[2]]);
    expect(store.list()).toEqual([ids[0], ids[3]]);
    store.setLive(ids[3] ?? '');
    // The one live before it is the rollback target: it stays.
    expect(store.prune(1)).toEqual([]);
    expect(store.list()).toEqual([ids[0], ids[3]]);
  });

  it('publishes a build once: the same bytes again change nothing', () => {
    const store = new ReleaseStore(root, 'doctors');
    const dir = build('same');
    const first = publishBuild(store, dir, 5);
    expect(publishBuild(store, dir, 5)).toEqual(first);
    expect(store.list()).toHaveLength(1);
    const next = publishBuild(store, build('other'), 5);
    expect(next.id).not.toBe(first.id);
    expect(store.live()?.id).toBe(next.id);
  });

  it('refuses a folder that is not a remote build', () => {
    const store = new ReleaseStore(root, 'doctors');
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect(() => store.add(empty)).toThrow('no remoteEntry.js');
    expect(store.list()).toEqual([]);
  });
});

/** A store on a clock of our own: each step a minute after the last. */
function timeline() {
  const store = new ReleaseStore(root, 'doctors');
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
    rollback: (options: { to?: string; force?: boolean } = {}) => store.rollback({ ...options, now: tick() }),
    state: (id: string) => store.statuses().find((status) => status.id === id)?.state,
  };
}

describe('release history', () => {
  it('rolls back to the release live before the live one became live, never to one rolled back', () => {
    const { store, release, rollback, state } = timeline();
    const r1 = release('good-one');
    const r2 = release('broken');
    expect(rollback()).toMatchObject({ from: r2, to: r1, reason: 'rolled back' });
    expect(state(r2)).toBe('rolled back');
    const r3 = release('good-two');
    // Before R3 went live R1 was: R2 (newer than R1, rolled back) is not brought back.
    const back = rollback();
    expect(back).toMatchObject({ from: r3, to: r1, reason: 'rolled back' });
    expect(back.why).toContain(`${r1} was live before ${r3} became live`);
    expect(store.live()?.id).toBe(r1);
    expect(state(r3)).toBe('rolled back');
    expect(state(r1)).toBe('live');
  });

  it('passes over rolled-back releases on the way back and says so', () => {
    const { release, rollback } = timeline();
    const r1 = release('one');
    release('two');
    const r3 = release('three');
    const first = rollback();
    const second = rollback();
    expect(first.to).not.toBe(r1);
    expect(second).toMatchObject({ to: r1, skipped: [{ id: r3, why: expect.stringContaining('rolled back at') }] });
    expect(second.why).toContain(`passed over ${r3}`);
  });

  it('stops with the reason when no good earlier release is kept', () => {
    const { store, release, rollback } = timeline();
    const r1 = release('one');
    const r2 = release('two');
    rollback();
    expect(() => rollback()).toThrow(`doctors has nothing to roll back to: no release that was live before ${r1} is kept and good; passed over ${r2}`);
    expect(store.live()?.id).toBe(r1);
  });

  it('refuses to make a rolled-back release live without force, and rolls forward with it', () => {
    const { store, release, rollback, state } = timeline();
    const r1 = release('one');
    const r2 = release('two');
    rollback();
    expect(() => rollback({ to: r2 })).toThrow(MarkedBadError);
    expect(() => store.setLive(r2, 'released')).toThrow(`${r2} was rolled back at 2026-11-22T10:07:00.000Z`);
    expect(store.live()?.id).toBe(r1);
    expect(() => rollback({ to: r1 })).toThrow('is the live release already');
    expect(rollback({ to: r2, force: true })).toMatchObject({ from: r1, to: r2, reason: 'rolled forward' });
    expect(store.live()?.id).toBe(r2);
    // Rolling forward says nothing against the release it leaves.
    expect(state(r1)).toBe('good');
  });

  it('rolls back to an older good release on request, marking the live one rolled back', () => {
    const { release, rollback, state } = timeline();
    const r1 = release('one');
    release('two');
    const r3 = release('three');
    expect(rollback({ to: r1 })).toMatchObject({ from: r3, to: r1, reason: 'rolled back' });
    expect(state(r3)).toBe('rolled back');
  });

  it('lists every live period with how it began and ended', () => {
    const { store, release, rollback } = timeline();
    const r1 = release('one');
    const r2 = release('two');
    rollback();
    const statuses = store.statuses();
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

  it('records the reasons a future canary uses: promoted and withdrawn', () => {
    const { store, tick, release, state } = timeline();
    const r1 = release('one');
    const canary = store.add(build('canary'), tick()).id;
    expect(state(canary)).toBe('never live');
    store.setLive(canary, 'promoted', { now: tick() });
    store.setLive(r1, 'withdrawn', { now: tick() });
    expect(state(canary)).toBe('withdrawn');
    expect(store.rollbackTarget()).toMatchObject({ id: null, skipped: [{ id: canary, why: expect.stringContaining('withdrawn at') }] });
  });
});

describe('pruning', () => {
  it('with RELEASES_KEEP=2 after good, bad, good releases keeps the good ones', () => {
    const { store, release, rollback, state } = timeline();
    const good = release('good-one', 2);
    const bad = release('bad', 2);
    rollback();
    const next = release('good-two', 2);
    expect(store.list()).toEqual([good, next]);
    // Its files are gone, its history stays: still known as rolled back.
    expect(state(bad)).toBe('rolled back');
    expect(store.statuses().find((status) => status.id === bad)?.kept).toBe(false);
    expect(store.history().releases.find((record) => record.id === bad)?.prunedAt).toEqual(expect.any(String));
    expect(store.rollbackTarget().id).toBe(good);
  });

  it('drops a rolled-back release before an older good one', () => {
    const { store, release, rollback } = timeline();
    release('a', 10);
    const b = release('b', 10);
    const c = release('c', 10);
    release('d', 10);
    rollback();
    const e = release('e', 3);
    // The newest three would keep the rolled-back D; the oldest go first among the good ones.
    expect(store.list()).toEqual([b, c, e]);
  });

  it('keeps the rollback target even when it is the oldest', () => {
    const { store, release } = timeline();
    release('one', 10);
    release('two', 10);
    const r3 = release('three', 10);
    const r4 = release('four', 1);
    expect(store.list()).toEqual([r3, r4]);
  });
});

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

  it('takes a new release after the migration like any other', () => {
    const store = new ReleaseStore(root, 'doctors');
    const old = store.add(build('old'), new Date('2026-11-22T10:00:00.000Z')).id;
    fs.rmSync(path.join(store.dir, 'history.json'));
    fs.writeFileSync(path.join(store.dir, 'live'), `${old}\n`);
    const next = publishBuild(store, build('next'), 5).id;
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

describe('publishing a build at start-up', () => {
  it('does not bring back a build that was rolled back', () => {
    const store = new ReleaseStore(root, 'doctors');
    const good = publishBuild(store, build('good'), 5);
    const broken = build('broken');
    publishBuild(store, broken, 5);
    store.rollback();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(publishBuild(store, broken, 5)).toEqual(good);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${good.id} stays live`));
    } finally {
      warn.mockRestore();
    }
    expect(store.live()?.id).toBe(good.id);
    expect(store.list()).toHaveLength(2);
  });
});
