import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ReleaseInfo } from '@carebook/shared';
import { REPO_ROOT } from '../apps/site-apps';

/**
 * Immutable releases of one remote, on disk:
 *
 *   <releasesDir>/<remote>/<id>/...   one folder per release, never changed once written
 *   <releasesDir>/<remote>/live       the id of the live release (the pointer)
 *
 * An id sorts by creation time and names its content: `20261122T101500123Z-3f9a1c2e`.
 * Switching the pointer is an atomic rename, so a request sees the old release or the new one.
 */
export const DEFAULT_RELEASES_DIR = path.join(REPO_ROOT, '.releases');
export const DEFAULT_KEEP = 5;
const ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/** One release: its id and when it was made (shared/src/types/runtime-config.ts). */
export type { ReleaseInfo } from '@carebook/shared';

export function releasesDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : DEFAULT_RELEASES_DIR;
}

export function keepFrom(env: NodeJS.ProcessEnv = process.env): number {
  const keep = Number(env.RELEASES_KEEP ?? DEFAULT_KEEP);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`RELEASES_KEEP must be a whole number of at least 1 (got "${env.RELEASES_KEEP}")`);
  return keep;
}

/** `20261122T101500123Z-3f9a1c2e`: the UTC time, then the first 8 hex digits of the content hash. */
export function releaseId(now: Date, contentHash: string): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${contentHash.slice(0, 8)}`;
}

export function isReleaseId(value: string): boolean {
  return ID.test(value);
}

/** The time encoded in an id, as ISO. */
export function builtAtOf(id: string): string {
  const t = id.slice(0, 19);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}.${t.slice(15, 18)}Z`;
}

function filesUnder(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .sort();
}

/** A hash of every file's name and bytes (the stamped manifest excepted), to tell builds apart. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    if (file.startsWith('mf-manifest.json')) continue;
    hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

export class ReleaseStore {
  readonly dir: string;

  constructor(
    releasesDir: string,
    readonly remote: string,
  ) {
    this.dir = path.join(releasesDir, remote);
  }

  /** Kept release ids, oldest first. */
  list(): string[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs
      .readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && isReleaseId(entry.name))
      .map((entry) => entry.name)
      .sort();
  }

  live(): ReleaseInfo | null {
    let id: string;
    try {
      id = fs.readFileSync(path.join(this.dir, 'live'), 'utf8').trim();
    } catch {
      return null;
    }
    return isReleaseId(id) && fs.existsSync(this.folder(id)) ? { id, builtAt: builtAtOf(id) } : null;
  }

  folder(id: string): string {
    return path.join(this.dir, id);
  }

  /** Points `live` at a kept release (atomic: write a temporary file, then rename over). */
  setLive(id: string): void {
    if (!this.list().includes(id)) throw new Error(`${this.remote} has no kept release ${id}`);
    const temporary = path.join(this.dir, `.live-${process.pid}-${Date.now()}`);
    fs.writeFileSync(temporary, `${id}\n`);
    fs.renameSync(temporary, path.join(this.dir, 'live'));
  }

  /**
   * Copies a finished build into a new release folder, stamped with its id and build time in
   * `mf-manifest.json` (and its gzip copy). Returns the id; the pointer does not move.
   */
  add(buildDir: string, now = new Date()): ReleaseInfo {
    if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} holds no remoteEntry.js: not a remote's build`);
    const id = releaseId(now, contentHash(buildDir));
    const info = { id, builtAt: builtAtOf(id) };
    fs.mkdirSync(this.dir, { recursive: true });
    const staging = path.join(this.dir, `.staging-${id}`);
    fs.cpSync(buildDir, staging, { recursive: true });
    stampManifest(staging, info);
    fs.renameSync(staging, this.folder(id));
    return info;
  }

  /** The release before the live one, for a rollback. */
  previous(): string | null {
    const live = this.live();
    const ids = this.list();
    const index = live ? ids.indexOf(live.id) : ids.length;
    return index > 0 ? (ids[index - 1] ?? null) : null;
  }

  /** Removes the oldest releases beyond `keep`; the live one always stays. Returns what went. */
  prune(keep: number): string[] {
    const live = this.live()?.id;
    const ids = this.list();
    const removed = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== live);
    for (const id of removed) fs.rmSync(this.folder(id), { recursive: true, force: true });
    return removed;
  }

  /** Whether a build is byte-for-byte the live release already. */
  isLive(buildDir: string): boolean {
    const live = this.live();
    return live !== null && live.id.endsWith(`-${contentHash(buildDir).slice(0, 8)}`);
  }
}

function stampManifest(dir: string, release: ReleaseInfo): void {
  const file = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(file)) return;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { metaData?: Record<string, unknown> };
  manifest.metaData = { ...manifest.metaData, release };
  const text = JSON.stringify(manifest, null, 2);
  fs.writeFileSync(file, text);
  // The static server sends precompressed files as they are: the gzip copy must match.
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

/**
 * Makes a finished build of a remote live unless it already is (what `npm start` and a remote's
 * container do with the build they hold). Returns the live release.
 */
export function publishBuild(store: ReleaseStore, buildDir: string, keep: number): ReleaseInfo {
  const live = store.live();
  if (live && store.isLive(buildDir)) return live;
  const info = store.add(buildDir);
  store.setLive(info.id);
  store.prune(keep);
  return info;
}
