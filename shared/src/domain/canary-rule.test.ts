import { assessCanary, CANARY_RULE, type CanaryFigures, type CanaryMinute, canaryWindow, judgeCanary, twoProportionZ } from './canary-rule';

describe('the canary rule', () => {
  it('computes the pooled two-proportion z statistic', () => {
    // 20/100 against 10/100: pooled 0.15, se = sqrt(0.15 * 0.85 * 0.02) = 0.0505, z = 0.1 / 0.0505.
    expect(twoProportionZ({ views: 100, errorViews: 20 }, { views: 100, errorViews: 10 })).toBeCloseTo(1.98, 2);
    expect(twoProportionZ({ views: 100, errorViews: 10 }, { views: 100, errorViews: 20 })).toBeCloseTo(-1.98, 2);
    expect(twoProportionZ({ views: 50, errorViews: 0 }, { views: 50, errorViews: 0 })).toBe(0);
    expect(twoProportionZ({ views: 0, errorViews: 0 }, { views: 50, errorViews: 0 })).toBeNull();
  });

  it('withdraws a canary that is more than 2 points worse and significantly so', () => {
    const judgement = judgeCanary({ views: 60, errorViews: 30 }, { views: 60, errorViews: 0 });
    expect(judgement.verdict).toBe('withdraw');
    expect(judgement.canary).toEqual({ views: 60, errorViews: 30, errorRate: 0.5 });
    expect(judgement.live.errorRate).toBe(0);
    expect(judgement.z).toBeGreaterThan(CANARY_RULE.zCritical);
    expect(judgement.summary).toContain('canary 30/60 page views with errors (50.0%), live 0/60 (0.0%)');
  });

  it('needs at least 30 page views on each side, whatever the rates', () => {
    expect(judgeCanary({ views: 29, errorViews: 29 }, { views: 500, errorViews: 0 }).verdict).toBe('too-few-views');
    expect(judgeCanary({ views: 500, errorViews: 500 }, { views: 29, errorViews: 0 }).verdict).toBe('too-few-views');
    expect(judgeCanary({ views: 30, errorViews: 30 }, { views: 30, errorViews: 0 }).verdict).toBe('withdraw');
  });

  it('does not withdraw for a difference of 2 points or less, however significant', () => {
    // 3.0% against 1.0% over a million views each: z is huge, the difference is 2 points exactly.
    const judgement = judgeCanary({ views: 1_000_000, errorViews: 30_000 }, { views: 1_000_000, errorViews: 10_000 });
    expect(judgement.z).toBeGreaterThan(50);
    expect(judgement.verdict).toBe('healthy');
  });

  it('does not withdraw for a large difference that is not significant', () => {
    // 4/30 against 1/30: 10 points apart, z = 1.40 < 2.33.
    const judgement = judgeCanary({ views: 30, errorViews: 4 }, { views: 30, errorViews: 1 });
    expect(judgement.z).toBeCloseTo(1.40, 2);
    expect(judgement.verdict).toBe('healthy');
  });

  it('never calls a canary that is better than the live release worse', () => {
    expect(judgeCanary({ views: 200, errorViews: 0 }, { views: 200, errorViews: 100 }).verdict).toBe('healthy');
  });

  it('caps error views at views: error beacons of pages never viewed do not make a rate above 100%', () => {
    const judgement = judgeCanary({ views: 40, errorViews: 400 }, { views: 40, errorViews: 0 });
    expect(judgement.canary).toEqual({ views: 40, errorViews: 40, errorRate: 1 });
    expect(judgement.verdict).toBe('withdraw');
  });
});

const MINUTE = 60_000;
const START = Date.parse('2026-11-24T09:00:00Z');
/** `at` minutes after the canary's start minute, plus `seconds`. */
const after = (at: number, seconds = 0): number => START + at * MINUTE + seconds * 1000;
/** One minute's counts: the canary's views and error views, the live release's. */
const minute = (at: number, canary: [number, number], live: [number, number]): CanaryMinute => ({
  minute: after(at),
  canary: { views: canary[0], errorViews: canary[1] },
  live: { views: live[0], errorViews: live[1] },
});
/** The figures of a canary started at START, judged `now`, from its minutes (the whole life is their sum). */
function figures(minutes: CanaryMinute[], now: number, holding = false): CanaryFigures {
  const total = (pick: (m: CanaryMinute) => { views: number; errorViews: number }) =>
    minutes.reduce((sum, m) => ({ views: sum.views + pick(m).views, errorViews: sum.errorViews + pick(m).errorViews }), { views: 0, errorViews: 0 });
  return { recent: minutes, sinceStart: { canary: total((m) => m.canary), live: total((m) => m.live) }, now, startedAt: START + 20_000, holding };
}

describe('the window the rule judges', () => {
  it('is the current minute and the one before when they hold 30 views a side', () => {
    const window = canaryWindow([minute(3, [20, 0], [20, 0]), minute(4, [20, 0], [20, 0]), minute(5, [15, 0], [15, 0])], after(5, 10), START);
    expect(window).toEqual({ from: after(4), minutes: 2, canary: { views: 35, errorViews: 0 }, live: { views: 35, errorViews: 0 } });
    const busy = canaryWindow([minute(4, [40, 2], [40, 0]), minute(5, [1, 1], [0, 0])], after(5, 1), START);
    expect(busy).toMatchObject({ from: after(4), minutes: 2, canary: { views: 41, errorViews: 3 }, live: { views: 40 } });
  });

  it('grows minute by minute back until both sides have 30 views, choosing by views only', () => {
    // About 33 page views a minute split in two, the current minute half gone: 2 minutes hold 28 and 30.
    const minutes = [minute(1, [16, 16], [17, 0]), minute(2, [16, 16], [17, 0]), minute(3, [16, 16], [17, 0]), minute(4, [12, 12], [13, 0])];
    expect(canaryWindow(minutes, after(4, 30), START)).toEqual({ from: after(2), minutes: 3, canary: { views: 44, errorViews: 44 }, live: { views: 47, errorViews: 0 } });
    // The live side alone short: still grows.
    expect(canaryWindow([minute(3, [100, 0], [10, 0]), minute(4, [100, 0], [10, 0]), minute(5, [0, 0], [10, 0])], after(5), START)).toMatchObject({ from: after(3), minutes: 3 });
  });

  it('never reaches before the canary started, nor back more than 10 minutes', () => {
    // Started at minute 0 (09:00:20), judged in minute 2: minutes 0-2 at most, however few their views.
    expect(canaryWindow([minute(-1, [0, 0], [50, 0]), minute(0, [5, 5], [5, 0]), minute(2, [5, 5], [5, 0])], after(2, 5), START + 20_000)).toEqual({
      from: START,
      minutes: 3,
      canary: { views: 10, errorViews: 10 },
      live: { views: 10, errorViews: 0 },
    });
    // An hour-old canary with 2 views a minute: the last 10 minutes, the 11th not counted.
    const quiet = Array.from({ length: 60 }, (_, at) => minute(at, [1, 1], [1, 0]));
    expect(canaryWindow(quiet, after(59, 40), START)).toEqual({ from: after(50), minutes: 10, canary: { views: 10, errorViews: 10 }, live: { views: 10, errorViews: 0 } });
  });
});

describe('the rule over time (assessCanary)', () => {
  it('withdraws a broken canary at about 33 page views a minute, which the two-minute window alone never judged', () => {
    const minutes = [minute(0, [16, 16], [17, 0]), minute(1, [16, 16], [17, 0]), minute(2, [12, 12], [13, 0])];
    // Judged over the current minute and the one before only, 28 and 30 views: too few.
    expect(judgeCanary({ views: 28, errorViews: 28 }, { views: 30, errorViews: 0 }).verdict).toBe('too-few-views');
    const assessment = assessCanary(figures(minutes, after(2, 45)));
    expect(assessment).toMatchObject({ action: 'withdraw', over: 'window', window: { minutes: 3, judgement: { verdict: 'withdraw' } } });
    expect(assessment.because.summary).toContain('canary 44/44 page views with errors (100.0%), live 0/47 (0.0%)');
  });

  it('does not withdraw a canary that is no worse, however long the window grows', () => {
    const minutes = Array.from({ length: 12 }, (_, at) => minute(at, [4, 1], [4, 1]));
    expect(assessCanary(figures(minutes, after(11, 30)))).toMatchObject({ action: 'none', window: { minutes: 8, judgement: { verdict: 'healthy' } }, sinceStart: { verdict: 'healthy' } });
  });

  it('judges a long, quiet canary on its whole life when even 10 minutes are too few, to withdraw only', () => {
    // 2 page views a minute for half an hour, the canary's all with errors: 10 minutes hold 10 a side.
    const broken = Array.from({ length: 30 }, (_, at) => minute(at, [1, 1], [1, 0]));
    expect(assessCanary(figures(broken, after(29, 30)))).toMatchObject({
      action: 'withdraw',
      over: 'since-start',
      window: { minutes: 10, judgement: { verdict: 'too-few-views' } },
      sinceStart: { verdict: 'withdraw' },
    });
    // The same traffic healthy: nothing, it is not holding (only the plan's end promotes).
    const healthy = Array.from({ length: 30 }, (_, at) => minute(at, [1, 0], [1, 0]));
    expect(assessCanary(figures(healthy, after(29, 30)))).toMatchObject({ action: 'none', sinceStart: { verdict: 'healthy' } });
  });

  it('keeps a canary going on its recent window when that one has the views, whatever its earlier life says', () => {
    // Failed a lot 20 minutes ago (a fault elsewhere since mended), clean over the last minutes.
    const minutes = [minute(0, [60, 30], [60, 0]), ...Array.from({ length: 10 }, (_, at) => minute(20 + at, [20, 0], [20, 0]))];
    expect(assessCanary(figures(minutes, after(29, 30)))).toMatchObject({ action: 'none', window: { judgement: { verdict: 'healthy' } }, sinceStart: { verdict: 'withdraw' } });
    // At the plan's end the same life is not promoted: it is withdrawn.
    expect(assessCanary(figures(minutes, after(29, 30), true))).toMatchObject({ action: 'withdraw', over: 'since-start' });
  });

  it('promotes at the plan end only on 30 views a side since the start, a healthy life and a window that does not fire', () => {
    const few = [minute(0, [10, 0], [10, 0]), minute(1, [19, 0], [40, 0])];
    expect(assessCanary(figures(few, after(1, 50), true))).toMatchObject({ action: 'none', sinceStart: { verdict: 'too-few-views' } });
    const enough = [minute(0, [10, 0], [10, 0]), minute(1, [20, 0], [40, 0])];
    expect(assessCanary(figures(enough, after(1, 50), true))).toMatchObject({ action: 'promote', over: 'since-start', sinceStart: { verdict: 'healthy' } });
    // Healthy over its life, but its recent window fires: withdrawn, never promoted.
    const turned = [...Array.from({ length: 10 }, (_, at) => minute(at, [500, 0], [500, 0])), minute(10, [30, 30], [30, 0]), minute(11, [1, 1], [1, 0])];
    expect(assessCanary(figures(turned, after(11, 5), true))).toMatchObject({ action: 'withdraw', over: 'window', sinceStart: { verdict: 'healthy' } });
    // The same while running: withdrawn too; never promoted before the plan's end.
    expect(assessCanary(figures(enough, after(1, 50)))).toMatchObject({ action: 'none' });
  });
});
