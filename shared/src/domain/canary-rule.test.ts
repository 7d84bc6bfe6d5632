import { CANARY_RULE, judgeCanary, twoProportionZ } from './canary-rule';

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
