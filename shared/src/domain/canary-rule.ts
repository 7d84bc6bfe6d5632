/**
 * The canary rule (issue 42, docs/operations.md "Canary releases"): when a canary is clearly worse
 * than the live release, and when it has been seen enough to be promoted.
 *
 * Over one window, each side (the canary release and the live release) has page views `views`
 * and page views with at least one error of the remote `errorViews`. The canary is WITHDRAWN when
 * - both sides have at least `minViews` (30) page views,
 * - the canary's error rate exceeds the live release's by more than `marginPoints` (2 percentage points), and
 * - a one-sided two-proportion z-test (pooled) says the difference is significant: z > `zCritical`
 *   (2.33, p < 0.01).
 * With fewer views on either side the rule says `too-few-views`: it never withdraws nor lets a
 * canary be promoted on so little.
 *
 * The window slides and fits the traffic ({@link canaryWindow}): the shortest span of whole minutes
 * ending with the current one, from 2 minutes (60-120 s) up to {@link CANARY_WINDOW}'s 10, never
 * before the canary's start minute, in which both sides have 30 views. It is chosen by the view
 * counts alone, never by the error rates, so a busy site is judged on the last 1-2 minutes and a
 * quiet one (or a small share) still gets judged once 30 views a side have come, within 10 minutes.
 * {@link assessCanary} decides: WITHDRAW when the rule fires over that window, or, when even 10
 * minutes hold too few views (a long, quiet canary), when it fires over the canary's whole life
 * (withdrawal only: thin data never promotes); at the plan's end (`holding`) PROMOTE only when the
 * rule judges the whole life healthy (30 views a side) and does not fire over the window; if it
 * fires over the whole life, withdraw instead.
 */
export interface SideCounts {
  views: number;
  errorViews: number;
}

export interface CanaryRuleOptions {
  minViews: number;
  /** 0-1: 0.02 is 2 percentage points. */
  margin: number;
  zCritical: number;
}

export const CANARY_RULE: CanaryRuleOptions = { minViews: 30, margin: 0.02, zCritical: 2.33 };

export type CanaryVerdict = 'withdraw' | 'healthy' | 'too-few-views';

export interface SideFigures extends SideCounts {
  /** errorViews / views, 0-1; null with no view. */
  errorRate: number | null;
}

export interface CanaryJudgement {
  verdict: CanaryVerdict;
  canary: SideFigures;
  live: SideFigures;
  /** The z statistic of canary rate minus live rate; null when either side has no view. */
  z: number | null;
  /** The judgement in one sentence, with its figures (the audit trail and the email say it). */
  summary: string;
}

/** A side's figures; error views are capped at views (error beacons from pages never viewed are not a rate above 100%). */
function figuresOf(side: SideCounts): SideFigures {
  const views = Math.max(0, Math.floor(side.views));
  const errorViews = Math.min(views, Math.max(0, Math.floor(side.errorViews)));
  return { views, errorViews, errorRate: views > 0 ? errorViews / views : null };
}

/** One-sided two-proportion z statistic with a pooled rate: how many standard errors `a`'s rate lies above `b`'s. */
export function twoProportionZ(a: SideCounts, b: SideCounts): number | null {
  if (a.views <= 0 || b.views <= 0) return null;
  const pooled = (a.errorViews + b.errorViews) / (a.views + b.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  const diff = a.errorViews / a.views - b.errorViews / b.views;
  if (se === 0) return 0;
  return diff / se;
}

const percent = (rate: number | null): string => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`);

/** Judges a canary against the live release over one window (see the rule above). */
export function judgeCanary(canarySide: SideCounts, liveSide: SideCounts, options: CanaryRuleOptions = CANARY_RULE): CanaryJudgement {
  const canary = figuresOf(canarySide);
  const live = figuresOf(liveSide);
  const z = twoProportionZ(canary, live);
  const figures =
    `canary ${canary.errorViews}/${canary.views} page views with errors (${percent(canary.errorRate)}), ` +
    `live ${live.errorViews}/${live.views} (${percent(live.errorRate)})${z === null ? '' : `, z = ${z.toFixed(2)}`}`;
  if (canary.views < options.minViews || live.views < options.minViews) {
    return { verdict: 'too-few-views', canary, live, z, summary: `too few page views to judge (at least ${options.minViews} a side): ${figures}` };
  }
  const diff = (canary.errorRate ?? 0) - (live.errorRate ?? 0);
  // The margin is compared with a hair of tolerance: 3% - 1% is 0.0199999... in floating point.
  if (diff > options.margin + 1e-9 && z !== null && z > options.zCritical) {
    return {
      verdict: 'withdraw',
      canary,
      live,
      z,
      summary: `the canary's error rate is ${(diff * 100).toFixed(1)} points above the live release's (more than ${options.margin * 100}, z > ${options.zCritical}): ${figures}`,
    };
  }
  return { verdict: 'healthy', canary, live, z, summary: `not worse than the live release by the rule: ${figures}` };
}

export interface CanaryWindowOptions {
  /** The shortest window, in whole minutes ending with the current one (2: 60-120 s of views). */
  minMinutes: number;
  /** The longest window: a canary is judged on its last 10 minutes at most (then on its whole life, to withdraw). */
  maxMinutes: number;
}

export const CANARY_WINDOW: CanaryWindowOptions = { minMinutes: 2, maxMinutes: 10 };

const MINUTE_MS = 60_000;
const minuteStart = (at: number): number => Math.floor(at / MINUTE_MS) * MINUTE_MS;

/** One minute's counts of both sides; `minute` is the minute's start (epoch ms). */
export interface CanaryMinute {
  minute: number;
  canary: SideCounts;
  live: SideCounts;
}

export interface CanaryWindow {
  /** The window's first minute (epoch ms); it ends at `now`. */
  from: number;
  /** Its length in whole minutes, the current one included. */
  minutes: number;
  canary: SideCounts;
  live: SideCounts;
}

const sum = (a: SideCounts, b: SideCounts): SideCounts => ({ views: a.views + b.views, errorViews: a.errorViews + b.errorViews });
const NONE: SideCounts = { views: 0, errorViews: 0 };

/**
 * The window the rule judges at `now`: the shortest span of whole minutes ending with the current
 * one, at least `minMinutes` long, whose both sides have `minViews` page views; with too few views
 * even at its longest, the longest: `maxMinutes`, or back to the canary's start minute if that is
 * later (a window never reaches before the canary started). Chosen by views only, never by errors.
 * Minutes outside it are ignored; a minute given twice counts twice.
 */
export function canaryWindow(
  minutes: readonly CanaryMinute[],
  now: number,
  startedAt: number,
  rule: CanaryRuleOptions = CANARY_RULE,
  options: CanaryWindowOptions = CANARY_WINDOW,
): CanaryWindow {
  const current = minuteStart(now);
  const start = minuteStart(startedAt);
  let window: CanaryWindow = { from: current, minutes: 1, canary: NONE, live: NONE };
  for (let length = 1; length <= options.maxMinutes; length += 1) {
    const from = current - (length - 1) * MINUTE_MS;
    if (from < start) break;
    const inMinute = minutes.filter((each) => each.minute === from);
    window = {
      from,
      minutes: length,
      canary: inMinute.reduce((total, each) => sum(total, each.canary), window.canary),
      live: inMinute.reduce((total, each) => sum(total, each.live), window.live),
    };
    if (length >= options.minMinutes && window.canary.views >= rule.minViews && window.live.views >= rule.minViews) break;
  }
  return window;
}

/** What the rule says of a running canary now, and what is to be done. */
export interface CanaryAssessment {
  window: CanaryWindow & { judgement: CanaryJudgement };
  sinceStart: CanaryJudgement;
  /**
   * `withdraw`: the rule fires over the window, or over the canary's life when the window has too
   * few views or the plan's time is up; `promote`: the plan's time is up, its life was judged
   * healthy and the window does not fire; `none`: keep going (or holding).
   */
  action: 'withdraw' | 'promote' | 'none';
  /** The judgement behind `action` (the window's when nothing is to be done). */
  because: CanaryJudgement;
  /** Which figures `because` is: the window's or the canary's whole life's. */
  over: 'window' | 'since-start';
}

export interface CanaryFigures {
  /** Per-minute counts of (at least) the last `maxMinutes` minutes. */
  recent: readonly CanaryMinute[];
  /** Both sides' counts since the canary's start minute. */
  sinceStart: { canary: SideCounts; live: SideCounts };
  now: number;
  startedAt: number;
  /** The plan's time is up: the canary holds until the rule promotes or withdraws it (or staff end it). */
  holding: boolean;
}

/** Applies the rule to a canary's figures (see the header of this file). */
export function assessCanary(figures: CanaryFigures, rule: CanaryRuleOptions = CANARY_RULE, options: CanaryWindowOptions = CANARY_WINDOW): CanaryAssessment {
  const span = canaryWindow(figures.recent, figures.now, figures.startedAt, rule, options);
  const windowed = judgeCanary(span.canary, span.live, rule);
  const life = judgeCanary(figures.sinceStart.canary, figures.sinceStart.live, rule);
  const base = { window: { ...span, judgement: windowed }, sinceStart: life };
  if (windowed.verdict === 'withdraw') return { ...base, action: 'withdraw', because: windowed, over: 'window' };
  if (life.verdict === 'withdraw' && (windowed.verdict === 'too-few-views' || figures.holding)) {
    return { ...base, action: 'withdraw', because: life, over: 'since-start' };
  }
  if (figures.holding && life.verdict === 'healthy') return { ...base, action: 'promote', because: life, over: 'since-start' };
  return { ...base, action: 'none', because: windowed, over: 'window' };
}
