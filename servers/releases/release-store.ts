import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ReleaseInfo } from '@carebook/shared';
import { REPO_ROOT } from '../apps/site-apps';
import { CanaryRunningError, progressAt, runningCanary, type CanaryEnd, type CanaryRecord, type CanaryStage, type CanaryStatus } from './canary';

/**
 * Immutable releases of one remote, on disk:
 *
 *   <releasesDir>/<remote>/<id>/...        one folder per release, never changed once written
 *   <releasesDir>/<remote>/live            the id of the live release (the pointer)
 *   <releasesDir>/<remote>/history.json    every switch of the pointer and why (see ReleaseHistory)
 *
 * An id sorts by creation time and names its content: `20261122T101500123Z-3f9a1c2e`.
 * Switching the pointer is an atomic rename, so a request sees the old release or the new one.
 * A switch is written to the history as pending (temporary file, then rename), then the pointer
 * moves, then the switch is confirmed: after a crash between them, the pointer decides whether
 * the pending switch happened.
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

/** Every file under `dir`, as relative paths with `/`, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
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

/** Why a release became live; for the release live until then, why it stopped being live. */
export type LiveReason = 'released' | 'rolled back' | 'promoted' | 'withdrawn' | 'rolled forward';
/** `unknown`: live when the history began, or the pointer was moved outside the release commands. */
export type SwitchReason = LiveReason | 'unknown';

/** One switch of the live pointer. */
export interface LiveSwitch {
  /** ISO time; null when not known. */
  at: string | null;
  /** The release live from then on. */
  live: string;
  /** The release live until then (null: none). */
  previous: string | null;
  reason: SwitchReason;
  note?: string;
  /**
   * Written, but the pointer not yet confirmed moved (the filesystem store writes the history,
   * moves the pointer, then clears this). A store with transactions never sets it.
   */
  pending?: true;
}

export interface ReleaseRecord {
  id: string;
  /** ISO time it was added; null when it was kept before the history began. */
  addedAt: string | null;
  /** ISO time it was pruned: its files are gone, its history stays. */
  prunedAt?: string;
  /** What the migration could tell of a release kept before the history began. */
  inferred?: 'rolled back';
}

/**
 * One remote's release history: what went live when and why. Every store keeps this document
 * (the filesystem store as `history.json`; a store shared by replicas in its database) and
 * applies the same rules to it: `releaseStatuses`, `chooseRollback`, `choosePrune`.
 */
export interface ReleaseHistory {
  version: 1;
  remote: string;
  /** ISO time the history began (the first release, or the migration of older releases). */
  began: string;
  releases: ReleaseRecord[];
  /** Every switch of the live pointer, oldest first. */
  switches: LiveSwitch[];
  /** Every canary, oldest first; the last one runs while it has not ended (canary.ts). */
  canaries?: CanaryRecord[];
}

/** `rolled back` and `withdrawn` are bad: no rollback goes to them, pruning drops them first. */
export type ReleaseState = 'live' | 'canary' | 'good' | 'rolled back' | 'withdrawn' | 'never live' | 'unknown';
const BAD_STATES: ReadonlySet<ReleaseState> = new Set<ReleaseState>(['rolled back', 'withdrawn']);

export function isBad(state: ReleaseState): boolean {
  return BAD_STATES.has(state);
}

/** A time a release was live: from one switch to the next. */
export interface LivePeriod {
  from: string | null;
  /** Why it became live. */
  fromReason: SwitchReason;
  /** Null while it is live. */
  until: string | null;
  /** Why it stopped being live; null while it is live. */
  untilReason: SwitchReason | null;
  /** The release live after it. */
  next: string | null;
}

export interface ReleaseStatus extends ReleaseInfo {
  state: ReleaseState;
  /** Whether its files are kept (a pruned release keeps its history). */
  kept: boolean;
  periods: LivePeriod[];
  /** How its state came about, in a few words (`rolled back at ...`). */
  why: string;
}

export interface RollbackChoice {
  /** The release a rollback makes live; null when there is none. */
  id: string | null;
  why: string;
  /** Releases passed over on the way, each with the reason. */
  skipped: { id: string; why: string }[];
}

export interface SetLiveOptions {
  /** Make a rolled-back or withdrawn release live anyway. */
  force?: boolean;
  note?: string;
  now?: Date;
}

export interface RollbackOptions {
  /** A release to go to instead of the rollback target. */
  to?: string;
  force?: boolean;
  now?: Date;
}

export interface RollbackResult {
  from: string | null;
  to: string;
  reason: LiveReason;
  why: string;
  skipped: { id: string; why: string }[];
  /** The canary this rollback ended (the pointer did not move: `from` and `to` are the live release). */
  endedCanary?: string;
}

export interface CanaryOptions {
  contact?: string;
  force?: boolean;
  now?: Date;
}

/** A value now (the filesystem store) or later (a store in a database). */
export type Awaitable<T> = T | Promise<T>;

/**
 * What every store of releases provides: this filesystem one (the default) and the PostgreSQL
 * one shared by replicas (`pg-release-store.ts`), which keep the same history and apply the same
 * rules. The filesystem store answers at once; the PostgreSQL one answers with promises: callers
 * `await` every call, whichever store they hold.
 */
export interface ReleaseStoreContract {
  readonly remote: string;
  /**
   * Runs `work` while no other publisher of this remote runs, on any machine: a store shared by
   * machines has it (PostgreSQL's advisory lock); the filesystem store locks each step itself.
   */
  exclusively?<T>(work: () => Promise<T>): Promise<T>;
  /** Kept release ids, oldest first. */
  list(): Awaitable<string[]>;
  live(): Awaitable<ReleaseInfo | null>;
  add(buildDir: string, now?: Date): Awaitable<ReleaseInfo>;
  /** Moves the pointer and records the switch with its reason, as one step. */
  setLive(id: string, reason?: LiveReason, options?: SetLiveOptions): Awaitable<LiveSwitch>;
  history(): Awaitable<ReleaseHistory>;
  statuses(): Awaitable<ReleaseStatus[]>;
  rollbackTarget(): Awaitable<RollbackChoice>;
  /**
   * Rolls back. While a canary runs, ends it instead (marked rolled back; the live release stays
   * for everyone); `to` is refused then.
   */
  rollback(options?: RollbackOptions): Awaitable<RollbackResult>;
  /** The running canary and where its plan stands at `now`; null when none runs. */
  canary(now?: Date): Awaitable<CanaryStatus | null>;
  /**
   * Makes kept release `id` a canary with this plan, as one step recorded in the history. Refused
   * while a canary runs, with no live release, for the live release, or for a bad one without `force`.
   */
  startCanary(id: string, stages: readonly CanaryStage[], options?: CanaryOptions): Awaitable<CanaryStatus>;
  /** Makes the running canary live for everyone ('promoted') and ends it, as one step. */
  promote(options?: { now?: Date; note?: string }): Awaitable<LiveSwitch>;
  /**
   * Ends the running canary `canary` as withdrawn (the canary rule fired), with `note` holding the
   * figures, as one step; the live release stays for everyone. False, changing nothing, when
   * `canary` is not the one running (it ended already, or another one runs).
   */
  withdraw(canary: string, options: { note: string; now?: Date }): Awaitable<boolean>;
  /** Prunes down to `keep`: never the live release or the rollback target, bad releases first. */
  prune(keep: number, now?: Date): Awaitable<string[]>;
  isLive(buildDir: string): Awaitable<boolean>;
  /** The kept or pruned release marked bad whose build is byte for byte `buildDir`, if any. */
  badReleaseOf(buildDir: string): Awaitable<ReleaseStatus | null>;
  /** One file of a kept release (`mf-manifest.json`, `server/x.js`); null when it has none. */
  file(id: string, relative: string): Awaitable<Buffer | null>;
  /** Lets go of what the store holds open (a database pool); nothing for the filesystem. */
  close(): Awaitable<void>;
}

/** Refused: the release was rolled back or withdrawn, and `force` was not given. */
export class MarkedBadError extends Error {
  constructor(readonly release: ReleaseStatus) {
    super(`${release.id} was ${release.why}: it is not made live again unless forced`);
    this.name = 'MarkedBadError';
  }
}

const when = (at: string | null): string => at ?? 'an unknown time';

function stateAfter(period: LivePeriod): { state: ReleaseState; why: string } {
  const at = when(period.until);
  if (period.untilReason === 'rolled back') return { state: 'rolled back', why: `rolled back at ${at}` };
  if (period.untilReason === 'withdrawn') return { state: 'withdrawn', why: `withdrawn at ${at}` };
  if (period.untilReason === 'unknown') return { state: 'unknown', why: `replaced outside the release commands at ${at}` };
  return { state: 'good', why: `live until ${at}, then replaced by ${period.next ?? 'nothing'} (${period.untilReason ?? 'unknown'})` };
}

/** Each release's state and live periods, oldest release first. */
export function releaseStatuses(history: ReleaseHistory, kept: readonly string[], live: string | null): ReleaseStatus[] {
  const periods = new Map<string, LivePeriod[]>();
  let current: LivePeriod | null = null;
  for (const change of history.switches) {
    if (current) Object.assign(current, { until: change.at, untilReason: change.reason, next: change.live });
    current = { from: change.at, fromReason: change.reason, until: null, untilReason: null, next: null };
    periods.set(change.live, [...(periods.get(change.live) ?? []), current]);
  }
  const records = new Map(history.releases.map((record) => [record.id, record]));
  const canaries = new Map((history.canaries ?? []).map((canary) => [canary.id, canary]));
  const running = runningCanary(history.canaries, live);
  const ids = [...new Set([...records.keys(), ...kept])].sort();
  return ids.map((id): ReleaseStatus => {
    const own = periods.get(id) ?? [];
    const last = own.at(-1);
    const record = records.get(id);
    const canary = canaries.get(id);
    // A canary that ended badly after the release's last live period marks it as bad.
    const canaryEnded = canary?.endedAt && canary.ended !== 'promoted' && (!last?.until || canary.endedAt >= last.until) ? canary : null;
    let known: { state: ReleaseState; why: string };
    if (id === live) known = { state: 'live', why: last ? `live since ${when(last.from)} (${last.fromReason})` : 'live' };
    else if (running?.id === id) known = { state: 'canary', why: `canary since ${running.startedAt}` };
    else if (canaryEnded) {
      const state = canaryEnded.ended === 'withdrawn' ? 'withdrawn' : 'rolled back';
      known = { state, why: `${state} as a canary at ${canaryEnded.endedAt}${canaryEnded.note ? ` (${canaryEnded.note})` : ''}` };
    } else if (last?.untilReason) known = stateAfter(last);
    else if (record?.inferred) known = { state: 'rolled back', why: 'rolled back before the history began (newer than the live release then)' };
    else if (record?.addedAt) known = { state: 'never live', why: `added at ${record.addedAt}, never live` };
    else known = { state: 'unknown', why: 'kept from before the history began' };
    return { id, builtAt: builtAtOf(id), ...known, kept: kept.includes(id), periods: own };
  });
}

/**
 * The release a rollback goes to: the one live before the live release became live, passing over
 * releases that were rolled back or withdrawn, or pruned. Releases kept from before the history
 * began come last, newest first, when the history itself has none.
 */
export function chooseRollback(history: ReleaseHistory, statuses: readonly ReleaseStatus[], live: string | null): RollbackChoice {
  if (!live) return { id: null, why: 'no release is live', skipped: [] };
  const byId = new Map(statuses.map((status) => [status.id, status]));
  const skipped: RollbackChoice['skipped'] = [];
  const seen = new Set([live]);
  const usable = (id: string): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const status = byId.get(id);
    if (!status?.kept) skipped.push({ id, why: 'pruned' });
    else if (isBad(status.state)) skipped.push({ id, why: status.why });
    else return true;
    return false;
  };
  const became = history.switches.findLastIndex((change) => change.live === live);
  const switched = history.switches[became];
  const since = switched ? `${live} became live at ${when(switched.at)} (${switched.reason})` : `${live} became live`;
  const earlier = [switched?.previous, ...history.switches.slice(0, Math.max(0, became)).reverse().map((change) => change.live)];
  for (const id of earlier) {
    if (!id || !usable(id)) continue;
    const passed = skipped.length ? `; passed over ${skipped.map((skip) => `${skip.id} (${skip.why})`).join(', ')}` : '';
    return { id, why: `${id} was live before ${since}${passed}`, skipped };
  }
  const older = statuses.filter((status) => status.kept && status.state === 'unknown' && status.id < live).reverse();
  for (const status of older) {
    if (usable(status.id)) return { id: status.id, why: `${status.id} is the newest release kept from before the history began that is older than ${live}`, skipped };
  }
  return { id: null, why: `no release that was live before ${live} is kept and good`, skipped };
}

/** A plain check of a team's address: something@domain.tld, no spaces. */
const CONTACT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The canary a start makes, or a refusal: the rules of every store's `startCanary`. */
export function newCanary(
  remote: string,
  history: ReleaseHistory,
  kept: readonly string[],
  live: string | null,
  id: string,
  stages: readonly CanaryStage[],
  options: CanaryOptions,
): CanaryRecord {
  const running = runningCanary(history.canaries, live);
  if (running) throw new CanaryRunningError(remote, running, `a canary of ${id}`);
  if (!kept.includes(id)) throw new Error(`${remote} has no kept release ${id}`);
  if (!live) throw new Error(`${remote} has no live release to keep for the other patients: release it without --canary first`);
  if (id === live) throw new Error(`${id} is the live release already: a canary is a release that is not live yet`);
  if (!stages.length) throw new Error('A canary plan has at least one stage');
  const status = releaseStatuses(history, kept, live).find((candidate) => candidate.id === id);
  if (status && isBad(status.state) && !options.force) throw new MarkedBadError(status);
  if (options.contact !== undefined && !CONTACT.test(options.contact)) {
    throw new Error(`--contact must be an email address (got "${options.contact}")`);
  }
  const now = options.now ?? new Date();
  return { id, base: live, startedAt: now.toISOString(), stages: stages.map((stage) => ({ ...stage })), ...(options.contact ? { contact: options.contact } : {}) };
}

/** The history with its running canary ended (how, when, why). */
export function withCanaryEnded(history: ReleaseHistory, how: CanaryEnd, at: Date, note?: string): ReleaseHistory {
  const canaries = [...(history.canaries ?? [])];
  const last = canaries.at(-1);
  if (last && !last.endedAt) canaries[canaries.length - 1] = { ...last, endedAt: at.toISOString(), ended: how, ...(note ? { note } : {}) };
  return { ...history, canaries };
}

/** The running canary of a history and where its plan stands at `now`. */
export function canaryStatusOf(history: ReleaseHistory, live: string | null, now: Date): CanaryStatus | null {
  const running = runningCanary(history.canaries, live);
  return running ? { ...running, ...progressAt(running, now) } : null;
}

/** The history with canary `canary` withdrawn, or null when it is not the one running: every store's `withdraw`. */
export function withdrawnHistory(history: ReleaseHistory, live: string | null, canary: string, now: Date, note: string): ReleaseHistory | null {
  const running = runningCanary(history.canaries, live);
  return running?.id === canary ? withCanaryEnded(history, 'withdrawn', now, note) : null;
}

/**
 * What a rollback does while a canary runs: ends it as rolled back (the pointer stays), or a
 * refusal when a release to go to was named. Null when no canary runs.
 */
export function rollbackOfCanary(
  remote: string,
  history: ReleaseHistory,
  live: string | null,
  options: RollbackOptions,
): { history: ReleaseHistory; result: RollbackResult } | null {
  const running = runningCanary(history.canaries, live);
  if (!running || !live) return null;
  if (options.to !== undefined) throw new CanaryRunningError(remote, running, `a rollback to ${options.to}`);
  const now = options.now ?? new Date();
  return {
    history: withCanaryEnded(history, 'rolled back', now, 'rolled back by hand'),
    result: {
      from: live,
      to: live,
      reason: 'rolled back',
      why: `the canary ${running.id} is rolled back; ${live} stays live for everyone`,
      skipped: [],
      endedCanary: running.id,
    },
  };
}

/**
 * The history a switch to `id` writes, or a refusal while a canary runs: only promoting the
 * canary itself may move the pointer then, and it ends the canary in the same write.
 */
export function historyForSwitch(remote: string, history: ReleaseHistory, live: string | null, id: string, reason: LiveReason, now: Date): ReleaseHistory {
  const running = runningCanary(history.canaries, live);
  if (!running) return history;
  if (reason !== 'promoted' || running.id !== id) throw new CanaryRunningError(remote, running, `making ${id} live (${reason})`);
  return withCanaryEnded(history, 'promoted', now);
}

/** Which releases pruning removes to keep `keep`: bad first, then unknown, then good; oldest first. */
export function choosePrune(statuses: readonly ReleaseStatus[], keep: number, protect: ReadonlySet<string>): string[] {
  const kept = statuses.filter((status) => status.kept);
  const excess = kept.length - keep;
  if (excess <= 0) return [];
  const rank = (status: ReleaseStatus): number =>
    isBad(status.state) ? 0 : status.state === 'never live' ? 1 : status.state === 'unknown' ? 2 : 3;
  return kept
    .filter((status) => !protect.has(status.id))
    .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))
    .slice(0, excess)
    .map((status) => status.id);
}

/** Writes a file so a reader (or a crash) sees the old content or the new, never half. */
function writeAtomically(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}-${process.pid}-${Date.now()}`);
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}

const LOCK_WAIT_MS = 10_000;
const LOCK_STALE_MS = 30_000;
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isHistory(value: unknown): value is ReleaseHistory {
  const history = value as Partial<ReleaseHistory> | null;
  return history?.version === 1 && Array.isArray(history.releases) && Array.isArray(history.switches) && typeof history.began === 'string';
}

export class ReleaseStore implements ReleaseStoreContract {
  readonly dir: string;
  private readonly historyFile: string;
  private lockDepth = 0;

  constructor(
    releasesDir: string,
    readonly remote: string,
  ) {
    this.dir = path.join(releasesDir, remote);
    this.historyFile = path.join(this.dir, 'history.json');
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

  file(id: string, relative: string): Buffer | null {
    if (!this.list().includes(id)) return null;
    const file = path.resolve(this.folder(id), relative);
    if (!file.startsWith(`${this.folder(id)}${path.sep}`)) return null;
    try {
      return fs.readFileSync(file);
    } catch {
      return null;
    }
  }

  close(): void {
    // Nothing is held open between calls.
  }

  /**
   * The history, as the pointer and the kept folders bear it out: a release folder without a
   * history yet (kept before histories existed) is migrated, a switch the pointer never took is
   * left out, and a pointer moved by hand shows as a switch for an unknown reason.
   */
  history(now = new Date()): ReleaseHistory {
    const kept = this.list();
    const live = this.live()?.id ?? null;
    const history: ReleaseHistory = this.readHistory() ?? {
      version: 1,
      remote: this.remote,
      began: now.toISOString(),
      releases: kept.map((id) => ({ id, addedAt: null, ...(live && id > live ? { inferred: 'rolled back' as const } : {}) })),
      switches: live ? [{ at: null, live, previous: null, reason: 'unknown' as const, note: 'live when the history began' }] : [],
    };
    for (const id of kept) if (!history.releases.some((record) => record.id === id)) history.releases.push({ id, addedAt: null });
    const last = history.switches.at(-1);
    if (last?.pending) {
      // A command stopped between its writes: the pointer says whether the switch happened.
      if (last.live === live) delete last.pending;
      else history.switches.pop();
    }
    const latest = history.switches.at(-1)?.live ?? null;
    if (live && latest !== live) {
      history.switches.push({ at: null, live, previous: latest, reason: 'unknown', note: 'the pointer was moved outside the release commands' });
    }
    return history;
  }

  statuses(): ReleaseStatus[] {
    return releaseStatuses(this.history(), this.list(), this.live()?.id ?? null);
  }

  rollbackTarget(): RollbackChoice {
    const history = this.history();
    const live = this.live()?.id ?? null;
    return chooseRollback(history, releaseStatuses(history, this.list(), live), live);
  }

  /** The kept or pruned release marked bad whose build is byte for byte `buildDir`, if any. */
  badReleaseOf(buildDir: string): ReleaseStatus | null {
    const suffix = `-${contentHash(buildDir).slice(0, 8)}`;
    return this.statuses().findLast((status) => status.id.endsWith(suffix) && isBad(status.state)) ?? null;
  }

  /**
   * Points `live` at a kept release and records the switch: the history is written first, then
   * the pointer (each atomically), under the store's lock. A release that was rolled back or
   * withdrawn is refused (MarkedBadError) unless `force`. Making the live release live is no switch.
   */
  setLive(id: string, reason: LiveReason = 'released', options: SetLiveOptions = {}): LiveSwitch {
    return this.locked(() => {
      if (!this.list().includes(id)) throw new Error(`${this.remote} has no kept release ${id}`);
      const now = options.now ?? new Date();
      const history = this.history(now);
      const previous = this.live()?.id ?? null;
      const status = releaseStatuses(history, this.list(), previous).find((candidate) => candidate.id === id);
      if (previous === id) return history.switches.at(-1) ?? { at: null, live: id, previous: null, reason: 'unknown' };
      if (status && isBad(status.state) && !options.force) throw new MarkedBadError(status);
      const next = historyForSwitch(this.remote, history, previous, id, reason, now);
      const change: LiveSwitch = { at: now.toISOString(), live: id, previous, reason, ...(options.note ? { note: options.note } : {}) };
      next.switches.push({ ...change, pending: true });
      this.writeHistory(next);
      writeAtomically(path.join(this.dir, 'live'), `${id}\n`);
      next.switches[next.switches.length - 1] = change;
      this.writeHistory(next);
      return change;
    });
  }

  /**
   * Rolls back: makes the rollback target live (or `to`, which may be newer: a roll forward), and
   * marks the release that was live rolled back. Says which release and why.
   */
  rollback(options: RollbackOptions = {}): RollbackResult {
    return this.locked(() => {
      const from = this.live()?.id ?? null;
      const ofCanary = rollbackOfCanary(this.remote, this.history(), from, options);
      if (ofCanary) {
        this.writeHistory(ofCanary.history);
        return ofCanary.result;
      }
      if (options.to !== undefined) {
        const to = options.to;
        if (!this.list().includes(to)) throw new Error(`${this.remote} has no kept release ${to}`);
        if (to === from) throw new Error(`${to} is the live release already`);
        const reason: LiveReason = from && to > from ? 'rolled forward' : 'rolled back';
        this.setLive(to, reason, { force: options.force, now: options.now });
        return { from, to, reason, why: `${to} was asked for`, skipped: [] };
      }
      const choice = this.rollbackTarget();
      if (!choice.id) {
        const passed = choice.skipped.map((skip) => `${skip.id} (${skip.why})`).join(', ');
        throw new Error(`${this.remote} has nothing to roll back to: ${choice.why}${passed ? `; passed over ${passed}` : ''}.`);
      }
      this.setLive(choice.id, 'rolled back', { now: options.now });
      return { from, to: choice.id, reason: 'rolled back', why: choice.why, skipped: choice.skipped };
    });
  }

  canary(now = new Date()): CanaryStatus | null {
    return canaryStatusOf(this.history(now), this.live()?.id ?? null, now);
  }

  /** The running canary's record (what a remote's server offers the host); null when none runs. */
  runningCanary(): CanaryRecord | null {
    return runningCanary(this.readHistory()?.canaries, this.live()?.id ?? null);
  }

  startCanary(id: string, stages: readonly CanaryStage[], options: CanaryOptions = {}): CanaryStatus {
    return this.locked(() => {
      const now = options.now ?? new Date();
      const history = this.history(now);
      const live = this.live()?.id ?? null;
      const record = newCanary(this.remote, history, this.list(), live, id, stages, { ...options, now });
      this.writeHistory({ ...history, canaries: [...(history.canaries ?? []), record] });
      return { ...record, ...progressAt(record, now) };
    });
  }

  promote(options: { now?: Date; note?: string } = {}): LiveSwitch {
    return this.locked(() => {
      const running = runningCanary(this.history().canaries, this.live()?.id ?? null);
      if (!running) throw new Error(`${this.remote} has no canary running: nothing to promote`);
      return this.setLive(running.id, 'promoted', { now: options.now, note: options.note });
    });
  }

  withdraw(canary: string, options: { note: string; now?: Date }): boolean {
    return this.locked(() => {
      const now = options.now ?? new Date();
      const history = this.history(now);
      const ended = withdrawnHistory(history, this.live()?.id ?? null, canary, now, options.note);
      if (!ended) return false;
      this.writeHistory(ended);
      return true;
    });
  }

  /**
   * Copies a finished build into a new release folder, stamped with its id and build time in
   * `mf-manifest.json` (and its gzip copy), and records it. Returns the id; the pointer does not move.
   */
  add(buildDir: string, now = new Date()): ReleaseInfo {
    if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} holds no remoteEntry.js: not a remote's build`);
    const id = releaseId(now, contentHash(buildDir));
    const info = { id, builtAt: builtAtOf(id) };
    fs.mkdirSync(this.dir, { recursive: true });
    const staging = path.join(this.dir, `.staging-${id}`);
    fs.cpSync(buildDir, staging, { recursive: true });
    stampManifest(staging, info);
    this.locked(() => {
      // Read (and, for an older store, migrated) before the new folder exists, which is no part of the past.
      const history = this.history(now);
      fs.renameSync(staging, this.folder(id));
      history.releases.push({ id, addedAt: now.toISOString() });
      this.writeHistory(history);
    });
    return info;
  }

  /**
   * Removes releases beyond `keep`: never the live one or the one a rollback would go to, and
   * rolled-back or withdrawn ones before any good one (oldest first within each). Returns what went.
   */
  prune(keep: number, now = new Date()): string[] {
    return this.locked(() => {
      const history = this.history(now);
      const live = this.live()?.id ?? null;
      const statuses = releaseStatuses(history, this.list(), live);
      const target = chooseRollback(history, statuses, live).id;
      const canary = runningCanary(history.canaries, live)?.id;
      const removed = choosePrune(statuses, keep, new Set([live, target, canary].filter((id): id is string => Boolean(id))));
      if (!removed.length) return removed;
      for (const id of removed) fs.rmSync(this.folder(id), { recursive: true, force: true });
      for (const record of history.releases) if (removed.includes(record.id)) record.prunedAt = now.toISOString();
      this.writeHistory(history);
      return removed;
    });
  }

  /** Whether a build is byte-for-byte the live release already. */
  isLive(buildDir: string): boolean {
    const live = this.live();
    return live !== null && live.id.endsWith(`-${contentHash(buildDir).slice(0, 8)}`);
  }

  private readHistory(): ReleaseHistory | null {
    let text: string;
    try {
      text = fs.readFileSync(this.historyFile, 'utf8');
    } catch {
      return null;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!isHistory(parsed)) throw new Error(`${this.historyFile} is not a release history; move it aside to start a new one`);
    return parsed;
  }

  private writeHistory(history: ReleaseHistory): void {
    writeAtomically(this.historyFile, `${JSON.stringify(history, null, 2)}\n`);
  }

  /**
   * Runs `work` holding the store's lock (a folder made atomically), so two release commands never
   * interleave their history and pointer writes. A lock older than 30 s is a crashed command's.
   */
  private locked<T>(work: () => T): T {
    if (this.lockDepth > 0) {
      this.lockDepth += 1;
      try {
        return work();
      } finally {
        this.lockDepth -= 1;
      }
    }
    fs.mkdirSync(this.dir, { recursive: true });
    const lock = path.join(this.dir, '.lock');
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
        else if (Date.now() > deadline) throw new Error(`${this.remote}'s releases are locked by another release command (${lock}); try again`);
        else pause(50);
      }
    }
    this.lockDepth = 1;
    try {
      return work();
    } finally {
      this.lockDepth = 0;
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The manifest of release `release`: `metaData.release` names it (the page logs it, the checks read it). */
export function stampedManifest(text: string, release: ReleaseInfo): string {
  const manifest = JSON.parse(text) as { metaData?: Record<string, unknown> };
  manifest.metaData = { ...manifest.metaData, release };
  return JSON.stringify(manifest, null, 2);
}

function stampManifest(dir: string, release: ReleaseInfo): void {
  const file = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(file)) return;
  const text = stampedManifest(fs.readFileSync(file, 'utf8'), release);
  fs.writeFileSync(file, text);
  // The static server sends precompressed files as they are: the gzip copy must match.
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

/**
 * Makes a finished build of a remote live unless it already is, or it is a release that was rolled
 * back or withdrawn (what `npm start` and a remote's
 * container do with the build they hold). Returns the live release.
 */
export async function publishBuild(store: ReleaseStoreContract, buildDir: string, keep: number): Promise<ReleaseInfo> {
  const live = await store.live();
  if (live && (await store.isLive(buildDir))) return live;
  // A restart during a canary leaves it to the team's promote or rollback.
  const canary = await store.canary();
  if (live && canary) {
    console.warn(`${store.remote}: a canary of ${canary.id} runs; ${live.id} stays live and this build is not published.`);
    return live;
  }
  // A restart with the image or dist/ of a release that was rolled back keeps the live one.
  const bad = live ? await store.badReleaseOf(buildDir) : null;
  if (live && bad) {
    console.warn(`${store.remote}: this build is ${bad.id}, which was ${bad.why}; ${live.id} stays live.`);
    return live;
  }
  const info = await store.add(buildDir);
  await store.setLive(info.id, 'released');
  await store.prune(keep);
  return info;
}
