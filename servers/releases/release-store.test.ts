import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { builtAtOf, isReleaseId, keepFrom, publishBuild, releaseId, ReleaseStore } from './release-store';

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

  it('switches the live pointer, and rolls back to the release before the live one', () => {
    const store = new ReleaseStore(root, 'doctors');
    const a = store.add(build('a'), new Date('2026-11-22T10:00:00.000Z'));
    const b = store.add(build('b'), new Date('2026-11-22T11:00:00.000Z'));
    store.setLive(b.id);
    expect(store.live()?.id).toBe(b.id);
    expect(store.previous()).toBe(a.id);
    store.setLive(a.id);
    expect(store.live()?.id).toBe(a.id);
    expect(store.previous()).toBeNull();
    expect(() => store.setLive('20261122T120000000Z-deadbeef')).toThrow('no kept release');
  });

  it('prunes the oldest beyond the kept number, never the live one', () => {
    const store = new ReleaseStore(root, 'doctors');
    const ids = ['a', 'b', 'c', 'd'].map((label, hour) => store.add(build(label), new Date(Date.UTC(2026, 10, 22, hour))).id);
    store.setLive(ids[0] ?? '');
    expect(store.prune(2)).toEqual([ids[1]]);
    expect(store.list()).toEqual([ids[0], ids[2], ids[3]]);
    store.setLive(ids[3] ?? '');
    expect(store.prune(2)).toEqual([ids[0]]);
    expect(store.list()).toEqual([ids[2], ids[3]]);
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
