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
