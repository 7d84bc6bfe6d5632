import type { ReleaseInfo } from '@carebook/shared';

/**
 * A canary: a new release of one remote live for a share of patients while the others keep the
 * live release. Its plan is a list of stages (a share for a time); every server computes the
 * share in force from the plan and the start time, so no process has to be there to advance it,
 * however many replicas of the host run.
 *
 * A patient's bucket (0-99) comes from a first-party cookie the host sets once: a patient is in
 * the canary while `bucket < share`. Shares only grow from stage to stage, so a patient who got
 * the canary keeps it until it ends.
 */

/** One stage of a plan: a share of patients, for a time (null: until promoted or rolled back). */
export interface CanaryStage {
  /** Percent of patients, 1-99. */
  share: number;
  durationMs: number | null;
}

/** How a canary ended: promoted (live for everyone), rolled back by hand, withdrawn automatically. */
export type CanaryEnd = 'promoted' | 'rolled back' | 'withdrawn';

/** A canary as the history keeps it: when it began, its plan, and how it ended (the audit trail). */
export interface CanaryRecord {
  /** The canary release. */
  id: string;
  /** The release live for everyone else when it began. */
  base: string;
  startedAt: string;
  stages: CanaryStage[];
  /** Who to tell about it (the team's address given at release time). */
  contact?: string;
  endedAt?: string;
  ended?: CanaryEnd;
  /** Why it ended, in a few words (a withdrawal says which figures triggered it). */
  note?: string;
}

/** Where a canary's plan stands at one moment. */
export interface CanaryProgress {
  /** The share in force, percent. */
  share: number;
  /** The stage in force, from 1, of `stageCount`. */
  stage: number;
  stageCount: number;
  /** When the stage in force ends (null: the last stage, held until promoted or rolled back). */
  stageEndsAt: string | null;
  /** `running`: a stage is in force; `holding`: the plan's time is up, it waits to be promoted or rolled back. */
  state: 'running' | 'holding';
}

/** A running canary with where its plan stands. */
export type CanaryStatus = CanaryRecord & CanaryProgress;

/** What a remote's server says of its canary (`/release.json`), and the host passes on. */
export interface CanaryOffer extends ReleaseInfo {
  /** The canary release's entry, as the live one's. */
  entry: string;
  startedAt: string;
  stages: CanaryStage[];
}

export const BUCKETS = 100;
export const BUCKET_COOKIE = 'carebook_bucket';
/** A year: the bucket outlives any canary, so a patient's release never flips during one. */
export const BUCKET_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const DURATION = /^(\d+)(s|m|h)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

function parseShare(text: string, where: string): number {
  const share = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(share) || share < 1 || share > 99) {
    throw new Error(`${where}: a canary's share is a whole percent from 1 to 99 (got "${text}"); 100% is a promotion`);
  }
  return share;
}

function parseDuration(text: string, where: string): number {
  const match = DURATION.exec(text);
  const amount = Number(match?.[1]);
  if (!match || amount < 1) throw new Error(`${where}: a stage lasts a whole number of s, m or h, at least 1 (got "${text}")`);
  return amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/**
 * A plan from the command line: `--canary 10` (10% until promoted or rolled back), or
 * `--stages 10:5m,50:10m` (10% for 5 minutes, then 50% for 10 minutes, then 50% held until
 * promoted or rolled back). Shares must grow from stage to stage; only the last stage may leave
 * out its time.
 */
export function parsePlan(options: { canary?: string; stages?: string }): CanaryStage[] {
  if (options.canary !== undefined && options.stages !== undefined) throw new Error('Give --canary or --stages, not both.');
  if (options.canary !== undefined) return [{ share: parseShare(options.canary.trim(), '--canary'), durationMs: null }];
  if (options.stages === undefined) throw new Error('A canary needs --canary <percent> or --stages <percent>:<time>,...');
  const parts = options.stages.split(',').map((part) => part.trim());
  const stages = parts.map((part, index): CanaryStage => {
    const where = `--stages, stage ${index + 1} ("${part}")`;
    const [share = '', duration, extra] = part.split(':');
    if (extra !== undefined) throw new Error(`${where}: write a stage as <percent>:<time>, e.g. 10:5m`);
    if (duration === undefined && index < parts.length - 1) throw new Error(`${where}: only the last stage may leave out its time`);
    return { share: parseShare(share, where), durationMs: duration === undefined ? null : parseDuration(duration, where) };
  });
  stages.forEach((stage, index) => {
    const before = stages[index - 1];
    if (before && stage.share <= before.share) {
      throw new Error(`--stages: each stage's share must be larger than the one before (stage ${index + 1} is ${stage.share}% after ${before.share}%)`);
    }
  });
  return stages;
}

/** Where the plan started at `startedAt` stands at `now`. */
export function progressAt(plan: { startedAt: string; stages: readonly CanaryStage[] }, now: Date): CanaryProgress {
  const { stages } = plan;
  if (!stages.length) throw new Error('A canary plan has at least one stage');
  let stageStart = Date.parse(plan.startedAt);
  for (const [index, stage] of stages.entries()) {
    if (stage.durationMs === null) return { share: stage.share, stage: index + 1, stageCount: stages.length, stageEndsAt: null, state: 'running' };
    const end = stageStart + stage.durationMs;
    if (now.getTime() < end) return { share: stage.share, stage: index + 1, stageCount: stages.length, stageEndsAt: new Date(end).toISOString(), state: 'running' };
    stageStart = end;
  }
  const last = stages.at(-1) as CanaryStage;
  return { share: last.share, stage: stages.length, stageCount: stages.length, stageEndsAt: null, state: 'holding' };
}

/** Whether a patient in `bucket` gets a canary at `share` percent. */
export function inCanary(bucket: number, share: number): boolean {
  return bucket < share;
}

/** The running canary of a history, if any (a canary whose release is live already counts as ended). */
export function runningCanary(canaries: readonly CanaryRecord[] | undefined, live: string | null): CanaryRecord | null {
  const last = canaries?.at(-1);
  return last && !last.endedAt && last.id !== live ? last : null;
}

/** A plan in a few words: `10% for 5m, then 50% for 10m, then held`. */
export function describePlan(stages: readonly CanaryStage[]): string {
  const time = (ms: number): string => (ms % UNIT_MS.h === 0 ? `${ms / UNIT_MS.h}h` : ms % UNIT_MS.m === 0 ? `${ms / UNIT_MS.m}m` : `${ms / UNIT_MS.s}s`);
  const parts = stages.map((stage) => (stage.durationMs === null ? `${stage.share}% until promoted or rolled back` : `${stage.share}% for ${time(stage.durationMs)}`));
  const last = stages.at(-1);
  return `${parts.join(', then ')}${last?.durationMs !== null ? ', then held until promoted or rolled back' : ''}`;
}

/** The bucket a `carebook_bucket` cookie's value names (the host's cookie parser reads the header), or null when absent or not 0-99. */
export function bucketFromCookie(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,2}$/.test(value) ? Number(value) : null;
}

/** How the bucket cookie is set: first-party, not readable by scripts, a year (`maxAge` in seconds). */
export function bucketCookieOptions(secure: boolean): { path: '/'; maxAge: number; sameSite: 'lax'; httpOnly: true; secure: boolean } {
  return { path: '/', maxAge: BUCKET_COOKIE_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure };
}

/** Refused: the remote has a canary running, and the action would go around it. */
export class CanaryRunningError extends Error {
  constructor(
    readonly remote: string,
    readonly canary: CanaryRecord,
    action: string,
  ) {
    super(
      `${remote} has a canary running (${canary.id}, since ${canary.startedAt}), so ${action} was refused. ` +
        `End it first: npm run promote -w remotes/${remote} makes it live for everyone, npm run rollback -w remotes/${remote} withdraws it.`,
    );
    this.name = 'CanaryRunningError';
  }
}
