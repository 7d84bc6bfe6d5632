/**
 * Fixed histogram buckets for LCP and INP (milliseconds), so the 75th percentile over any span of
 * minutes and any number of API processes is read back from summed counts (telemetry_vitals).
 * Bucket `i` holds values up to `VITAL_BOUNDS_MS[i]` (and above the one before); the last bucket,
 * index `VITAL_BOUNDS_MS.length`, holds everything above a minute. Finer where the good/poor
 * thresholds lie (LCP 2.5 s / 4 s, INP 200 ms / 500 ms).
 */
export const VITAL_BOUNDS_MS = [
  25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000,
  15_000, 20_000, 30_000, 60_000,
] as const;

/** The bucket of one value. */
export function vitalBucket(valueMs: number): number {
  const index = VITAL_BOUNDS_MS.findIndex((bound) => valueMs <= bound);
  return index === -1 ? VITAL_BOUNDS_MS.length : index;
}

/**
 * The 75th percentile of a histogram (bucket index -> count), interpolated linearly inside the
 * bucket it falls in (as Prometheus' histogram_quantile does); values above a minute read as a
 * minute. Null with no values. Rounded to a millisecond.
 */
export function p75(counts: ReadonlyMap<number, number>): number | null {
  let total = 0;
  for (const count of counts.values()) total += count;
  if (total === 0) return null;
  const rank = 0.75 * total;
  let below = 0;
  for (let index = 0; index <= VITAL_BOUNDS_MS.length; index += 1) {
    const count = counts.get(index) ?? 0;
    if (count > 0 && below + count >= rank) {
      if (index === VITAL_BOUNDS_MS.length) return VITAL_BOUNDS_MS[VITAL_BOUNDS_MS.length - 1] ?? null;
      const lower = index === 0 ? 0 : (VITAL_BOUNDS_MS[index - 1] ?? 0);
      const upper = VITAL_BOUNDS_MS[index] ?? lower;
      return Math.round(lower + ((upper - lower) * (rank - below)) / count);
    }
    below += count;
  }
  return null;
}
