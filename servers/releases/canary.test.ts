import {
  bucketCookieOptions,
  bucketFromCookie,
  describePlan,
  inCanary,
  parsePlan,
  progressAt,
  runningCanary,
  type CanaryRecord,
} from './canary';
import { liveRemotesFrom, releasesForBucket, type LiveRelease } from './live-remotes';

const MINUTE = 60_000;
const START = '2026-11-28T10:00:00.000Z';
const at = (minutes: number): Date => new Date(Date.parse(START) + minutes * MINUTE);

describe('a canary plan from the command line', () => {
  it('reads --canary as one share held until promoted or rolled back', () => {
    expect(parsePlan({ canary: '10' })).toEqual([{ share: 10, durationMs: null }]);
  });

  it('reads --stages as shares with times, the last one optionally open', () => {
    expect(parsePlan({ stages: '10:5m,50:10m' })).toEqual([
      { share: 10, durationMs: 5 * MINUTE },
      { share: 50, durationMs: 10 * MINUTE },
    ]);
    expect(parsePlan({ stages: '5:30s, 25:1h, 60' })).toEqual([
      { share: 5, durationMs: 30_000 },
      { share: 25, durationMs: 3_600_000 },
      { share: 60, durationMs: null },
    ]);
  });

  it.each([
    [{ canary: '0' }, /whole percent from 1 to 99 \(got "0"\)/],
    [{ canary: '100' }, /100% is a promotion/],
    [{ canary: '12.5' }, /whole percent/],
    [{ canary: 'ten' }, /whole percent/],
    [{ stages: '10:5m,5:10m' }, /larger than the one before \(stage 2 is 5% after 10%\)/],
    [{ stages: '10,50:10m' }, /only the last stage may leave out its time/],
    [{ stages: '10:5x' }, /whole number of s, m or h/],
    [{ stages: '10:0m' }, /at least 1/],
    [{ stages: '10:5m:1' }, /<percent>:<time>/],
    [{ stages: '' }, /whole percent/],
    [{ canary: '10', stages: '10:5m' }, /not both/],
    [{}, /needs --canary/],
  ])('refuses %j with a clear message', (options, message) => {
    expect(() => parsePlan(options)).toThrow(message);
  });

  it('describes a plan in words', () => {
    expect(describePlan(parsePlan({ stages: '10:5m,50:10m' }))).toBe('10% for 5m, then 50% for 10m, then held until promoted or rolled back');
    expect(describePlan(parsePlan({ canary: '10' }))).toBe('10% until promoted or rolled back');
  });
});

describe('where a plan stands', () => {
  const plan = { startedAt: START, stages: parsePlan({ stages: '10:5m,50:10m' }) };

  it('advances from stage to stage by the clock alone', () => {
    expect(progressAt(plan, at(0))).toEqual({ share: 10, stage: 1, stageCount: 2, stageEndsAt: at(5).toISOString(), state: 'running' });
    expect(progressAt(plan, new Date(at(5).getTime() - 1))).toMatchObject({ share: 10, stage: 1 });
    expect(progressAt(plan, at(5))).toEqual({ share: 50, stage: 2, stageCount: 2, stageEndsAt: at(15).toISOString(), state: 'running' });
  });

  it('holds the last share once the plan is done, waiting for a promotion or rollback', () => {
    expect(progressAt(plan, at(15))).toEqual({ share: 50, stage: 2, stageCount: 2, stageEndsAt: null, state: 'holding' });
    expect(progressAt(plan, at(60 * 24))).toMatchObject({ share: 50, state: 'holding' });
  });

  it('runs an open last stage until it is ended', () => {
    const open = { startedAt: START, stages: parsePlan({ stages: '10:5m,50' }) };
    expect(progressAt(open, at(60))).toEqual({ share: 50, stage: 2, stageCount: 2, stageEndsAt: null, state: 'running' });
  });

  it('keeps a patient in the canary as its share grows', () => {
    const inAt = (bucket: number, minutes: number): boolean => inCanary(bucket, progressAt(plan, at(minutes)).share);
    for (let bucket = 0; bucket < 100; bucket += 1) {
      if (inAt(bucket, 0)) expect(inAt(bucket, 6)).toBe(true);
    }
    expect([...Array(100).keys()].filter((bucket) => inAt(bucket, 0))).toHaveLength(10);
    expect([...Array(100).keys()].filter((bucket) => inAt(bucket, 6))).toHaveLength(50);
  });
});

describe('the running canary of a history', () => {
  const canary: CanaryRecord = { id: 'B', base: 'A', startedAt: START, stages: [{ share: 10, durationMs: null }] };

  it('is the last canary while it has not ended and its release is not live', () => {
    expect(runningCanary([canary], 'A')).toBe(canary);
    expect(runningCanary([canary], 'B')).toBeNull();
    expect(runningCanary([{ ...canary, endedAt: START, ended: 'rolled back' }], 'A')).toBeNull();
    expect(runningCanary(undefined, 'A')).toBeNull();
  });
});

describe('the bucket cookie', () => {
  it('is first-party, long-lived and out of scripts reach, Secure on https', () => {
    expect(bucketCookieOptions(false)).toEqual({ path: '/', maxAge: 31536000, sameSite: 'lax', httpOnly: true, secure: false });
    expect(bucketCookieOptions(true).secure).toBe(true);
  });

  it('counts anything but a value from 0 to 99 as no bucket', () => {
    expect(bucketFromCookie('42')).toBe(42);
    expect(bucketFromCookie('0')).toBe(0);
    expect(bucketFromCookie('100')).toBeNull();
    expect(bucketFromCookie('-1')).toBeNull();
    expect(bucketFromCookie('x')).toBeNull();
    expect(bucketFromCookie('')).toBeNull();
    expect(bucketFromCookie(undefined)).toBeNull();
  });
});

describe('the releases of one patient', () => {
  const addresses = [
    { name: 'doctors', publicOrigin: 'http://doctors.test', internalOrigin: 'http://doctors.test' },
    { name: 'booking', publicOrigin: 'http://booking.test', internalOrigin: 'http://booking.test' },
  ];
  const doctors: LiveRelease = {
    id: 'A',
    builtAt: START,
    entry: 'http://doctors.test/releases/A/remoteEntry.js',
    canary: { id: 'B', builtAt: START, entry: 'http://doctors.test/releases/B/remoteEntry.js', startedAt: START, stages: parsePlan({ stages: '10:5m,50' }) },
  };
  const booking: LiveRelease = { id: 'K', builtAt: START, entry: 'http://booking.test/releases/K/remoteEntry.js', canary: null };
  const live = liveRemotesFrom(addresses, new Map([['doctors', doctors], ['booking', booking]]));

  it('gives a bucket inside the share the canary, entry and release together', () => {
    expect(releasesForBucket(live, 9, at(1))).toEqual({
      remotes: { doctors: 'http://doctors.test/releases/B/remoteEntry.js', booking: 'http://booking.test/releases/K/remoteEntry.js' },
      releases: { doctors: { id: 'B', builtAt: START }, booking: { id: 'K', builtAt: START } },
      canary: ['doctors'],
    });
  });

  it('gives a bucket outside the share the live release, until the next stage takes it in', () => {
    expect(releasesForBucket(live, 30, at(1))).toEqual({ remotes: live.remotes, releases: live.releases, canary: [] });
    expect(releasesForBucket(live, 30, at(6)).releases.doctors?.id).toBe('B');
    expect(releasesForBucket(live, 50, at(6)).releases.doctors?.id).toBe('A');
  });

  it('leaves the live snapshot as it was', () => {
    releasesForBucket(live, 0, at(1));
    expect(live.releases.doctors?.id).toBe('A');
    expect(live.canaries.doctors?.id).toBe('B');
  });
});
