import type { FastifyBaseLogger } from 'fastify';
import type { TelemetryBeacon } from '@carebook/shared';
import type { Db } from '../db/db';
import { p75, vitalBucket } from '../lib/vital-buckets';

/**
 * Telemetry per release (issue 42). A beacon is validated and rate-limited by its route, then
 * only added to this process's buffer (a few map writes: the endpoint stays cheap under a flood);
 * the buffer is written to the database every {@link FLUSH_MS} in one transaction, summed per
 * remote, release and minute. A page counts once per remote as a view and once as an error view
 * however many beacons it sends: views by this process's memory of the page ids it counted in the
 * last {@link VIEW_MEMORY_MS} (a page sends its view once, to one process; a view's cost stays a
 * map write), error views by `telemetry_pages` in the database, for a day, whichever process gets
 * the page's beacons (error views must never be counted twice: they are what withdraws a canary).
 *
 * Reads (the admin page, the canary rule) first flush this process's buffer, so what this process
 * received is always counted; another API process's last second may be missing until its own flush.
 * A process that crashes loses at most its last second of beacons (a clean stop flushes).
 */
export const FLUSH_MS = 1000;
/** Past this many pending page entries the buffer is written at once (a flood's memory is bounded). */
const MAX_PENDING = 20_000;
export const KEEP_DAYS = 30;
const PAGE_KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** How long this process remembers a page's counted views (a page is shown far shorter). */
const VIEW_MEMORY_MS = 30 * MINUTE_MS;
/** At most this many remembered views (the oldest are forgotten first). */
const VIEW_MEMORY_MAX = 200_000;

interface PageEntry {
  page: string;
  remote: string;
  release: string;
  minute: string;
}

interface Buffer {
  views: Map<string, PageEntry>;
  errors: Map<string, PageEntry>;
  /** `remote release minute` -> failed API calls. */
  apiFailures: Map<string, number>;
  /** `remote release minute name bucket` -> values. */
  vitals: Map<string, number>;
}

const emptyBuffer = (): Buffer => ({ views: new Map(), errors: new Map(), apiFailures: new Map(), vitals: new Map() });
const SEP = '\u0000';

export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

export interface Telemetry {
  /** Counts one valid beacon (received at the API's clock's now). */
  record(beacon: TelemetryBeacon): void;
  /** Writes what is buffered now (and waits for a write under way). */
  flush(): Promise<void>;
  /** Removes rows older than their keeping time (30 days; page ids a day). */
  prune(): Promise<void>;
  stop(): Promise<void>;
}

export interface TelemetryOptions {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Starts the buffer's flush loop and the hourly prune (which also runs once at start). */
export function startTelemetry({ db, now, log }: TelemetryOptions): Telemetry {
  let buffer = emptyBuffer();
  let writing: Promise<void> = Promise.resolve();
  /** `page remote` -> when its view was counted, oldest first. */
  const countedViews = new Map<string, number>();
  const forgetViews = (): void => {
    const before = now().getTime() - VIEW_MEMORY_MS;
    for (const [key, at] of countedViews) {
      if (at >= before && countedViews.size <= VIEW_MEMORY_MAX) break;
      countedViews.delete(key);
    }
  };

  const add = (map: Map<string, number>, key: string, by = 1): void => {
    map.set(key, (map.get(key) ?? 0) + by);
  };

  const write = async (batch: Buffer): Promise<void> => {
    if (!batch.views.size && !batch.errors.size && !batch.apiFailures.size && !batch.vitals.size) return;
    const minutes = new Map<string, { views: number; errorViews: number; apiFailures: number }>();
    const minuteRow = (key: string) => {
      let row = minutes.get(key);
      if (!row) minutes.set(key, (row = { views: 0, errorViews: 0, apiFailures: 0 }));
      return row;
    };
    for (const [key, count] of batch.apiFailures) minuteRow(key).apiFailures += count;
    await db.transaction(async (tx) => {
      /** Marks pages counted; returns the entries not counted before (by any process). */
      const firstTimes = async (entries: Map<string, PageEntry>, flag: 'errored'): Promise<PageEntry[]> => {
        if (!entries.size) return [];
        const sorted = [...entries.values()].sort((a, b) => a.page.localeCompare(b.page) || a.remote.localeCompare(b.remote));
        const rows = await tx.query<{ page: string; remote: string }>(
          `INSERT INTO telemetry_pages AS p (page, remote, seen_at, ${flag})
           SELECT page, remote, seen_at, true FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(page, remote, seen_at)
           ON CONFLICT (page, remote) DO UPDATE SET ${flag} = true WHERE NOT p.${flag}
           RETURNING page, remote`,
          [sorted.map((e) => e.page), sorted.map((e) => e.remote), sorted.map((e) => e.minute)],
        );
        return rows.flatMap((row) => entries.get(`${row.page}${SEP}${row.remote}`) ?? []);
      };
      for (const entry of batch.views.values()) minuteRow([entry.remote, entry.release, entry.minute].join(SEP)).views += 1;
      for (const entry of await firstTimes(batch.errors, 'errored')) minuteRow([entry.remote, entry.release, entry.minute].join(SEP)).errorViews += 1;
      if (minutes.size) {
        const keys = [...minutes.keys()].sort();
        const parts = keys.map((key) => key.split(SEP));
        await tx.query(
          `INSERT INTO telemetry_minutes AS m (remote, release, minute, views, error_views, api_failures)
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::int[])
           ON CONFLICT (remote, release, minute) DO UPDATE SET
             views = m.views + EXCLUDED.views, error_views = m.error_views + EXCLUDED.error_views, api_failures = m.api_failures + EXCLUDED.api_failures`,
          [
            parts.map((p) => p[0]),
            parts.map((p) => p[1]),
            parts.map((p) => p[2]),
            keys.map((key) => minutes.get(key)?.views ?? 0),
            keys.map((key) => minutes.get(key)?.errorViews ?? 0),
            keys.map((key) => minutes.get(key)?.apiFailures ?? 0),
          ],
        );
      }
      if (batch.vitals.size) {
        const keys = [...batch.vitals.keys()].sort();
        const parts = keys.map((key) => key.split(SEP));
        await tx.query(
          `INSERT INTO telemetry_vitals AS v (remote, release, minute, name, bucket, count)
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::smallint[], $6::int[])
           ON CONFLICT (remote, release, minute, name, bucket) DO UPDATE SET count = v.count + EXCLUDED.count`,
          [parts.map((p) => p[0]), parts.map((p) => p[1]), parts.map((p) => p[2]), parts.map((p) => p[3]), parts.map((p) => Number(p[4])), keys.map((key) => batch.vitals.get(key) ?? 0)],
        );
      }
    });
  };

  const flush = (): Promise<void> => {
    forgetViews();
    const batch = buffer;
    buffer = emptyBuffer();
    writing = writing.then(() =>
      write(batch).catch((error: unknown) => {
        log.error({ err: error }, 'could not write telemetry');
      }),
    );
    return writing;
  };

  const prune = async (): Promise<void> => {
    const at = now().getTime();
    const before = new Date(at - KEEP_DAYS * 24 * 60 * 60 * 1000);
    await db.query('DELETE FROM telemetry_minutes WHERE minute < $1', [before]);
    await db.query('DELETE FROM telemetry_vitals WHERE minute < $1', [before]);
    await db.query('DELETE FROM telemetry_pages WHERE seen_at < $1', [new Date(at - PAGE_KEEP_MS)]);
  };
  const pruneLogged = (): void => {
    prune().catch((error: unknown) => log.error({ err: error }, 'could not prune telemetry'));
  };

  const flushTimer = setInterval(() => void flush(), FLUSH_MS);
  flushTimer.unref();
  const pruneTimer = setInterval(pruneLogged, PRUNE_EVERY_MS);
  pruneTimer.unref();
  pruneLogged();

  return {
    record(beacon) {
      const minute = minuteOf(now()).toISOString();
      const releaseOf = (remote: string): string | undefined => (Object.hasOwn(beacon.releases, remote) ? beacon.releases[remote] : undefined);
      const page = (remote: string): PageEntry | null => {
        const release = releaseOf(remote);
        return release === undefined ? null : { page: beacon.page, remote, release, minute };
      };
      for (const event of beacon.events) {
        if (event.type === 'view') {
          for (const remote of event.remotes) {
            const entry = page(remote);
            const key = `${beacon.page}${SEP}${remote}`;
            if (entry && !countedViews.has(key)) {
              countedViews.set(key, now().getTime());
              buffer.views.set(key, entry);
            }
          }
        } else if (event.type === 'error') {
          const entry = page(event.remote);
          if (entry) buffer.errors.set(`${beacon.page}${SEP}${event.remote}`, entry);
        } else if (event.type === 'api') {
          const release = releaseOf(event.remote);
          if (release !== undefined) add(buffer.apiFailures, [event.remote, release, minute].join(SEP));
        } else if (event.name !== 'CLS') {
          // A page's vital belongs to every remote release the page ran.
          const bucket = vitalBucket(event.value);
          for (const [remote, release] of Object.entries(beacon.releases)) add(buffer.vitals, [remote, release, minute, event.name, bucket].join(SEP));
        }
      }
      if (buffer.views.size + buffer.errors.size + buffer.vitals.size > MAX_PENDING) void flush();
    },
    flush,
    prune,
    async stop() {
      clearInterval(flushTimer);
      clearInterval(pruneTimer);
      await flush();
    },
  };
}

/** One release's counts over a span. */
export interface ReleaseCounts {
  remote: string;
  release: string;
  views: number;
  errorViews: number;
  apiFailures: number;
}

const int = (value: unknown): number => Number(value ?? 0);

/** Views and error views of the releases of `remote` from `from` (a minute) on. */
export async function countsSince(db: Db, remote: string, from: Date): Promise<Map<string, ReleaseCounts>> {
  const rows = await db.query<{ release: string; views: string | number; error_views: string | number; api_failures: string | number }>(
    `SELECT release, sum(views) AS views, sum(error_views) AS error_views, sum(api_failures) AS api_failures
     FROM telemetry_minutes WHERE remote = $1 AND minute >= $2 GROUP BY release`,
    [remote, from],
  );
  return new Map(rows.map((row) => [row.release, { remote, release: row.release, views: int(row.views), errorViews: int(row.error_views), apiFailures: int(row.api_failures) }]));
}

/** One release's counts in one minute (`minute`: its start). */
export interface ReleaseMinuteCounts {
  release: string;
  minute: Date;
  views: number;
  errorViews: number;
}

/** Views and error views of the given releases of `remote`, per minute, from `from` (a minute) on. */
export async function minuteCountsSince(db: Db, remote: string, releases: string[], from: Date): Promise<ReleaseMinuteCounts[]> {
  const rows = await db.query<{ release: string; minute: Date | string; views: string | number; error_views: string | number }>(
    'SELECT release, minute, views, error_views FROM telemetry_minutes WHERE remote = $1 AND release = ANY($2::text[]) AND minute >= $3',
    [remote, releases, from],
  );
  return rows.map((row) => ({ release: row.release, minute: new Date(row.minute), views: int(row.views), errorViews: int(row.error_views) }));
}

export interface MinutePoint {
  minute: string;
  views: number;
  errorViews: number;
  apiFailures: number;
  lcpP75: number | null;
  inpP75: number | null;
}

export interface ReleaseWindow {
  remote: string;
  release: string;
  views: number;
  errorViews: number;
  apiFailures: number;
  lcpP75: number | null;
  inpP75: number | null;
  minutes: MinutePoint[];
}

type Histograms = { LCP: Map<number, number>; INP: Map<number, number> };
const histograms = (): Histograms => ({ LCP: new Map(), INP: new Map() });

/** Every remote's releases seen from `from` on: totals and the minutes that have data, oldest first. */
export async function releaseWindows(db: Db, from: Date): Promise<ReleaseWindow[]> {
  const minuteRows = await db.query<{ remote: string; release: string; minute: Date | string; views: number; error_views: number; api_failures: number }>(
    'SELECT remote, release, minute, views, error_views, api_failures FROM telemetry_minutes WHERE minute >= $1 ORDER BY remote, release, minute',
    [from],
  );
  const vitalRows = await db.query<{ remote: string; release: string; minute: Date | string; name: 'LCP' | 'INP'; bucket: number; count: number }>(
    'SELECT remote, release, minute, name, bucket, count FROM telemetry_vitals WHERE minute >= $1',
    [from],
  );
  const iso = (value: Date | string): string => new Date(value).toISOString();
  const byRelease = new Map<string, { window: ReleaseWindow; whole: Histograms; perMinute: Map<string, Histograms> }>();
  const entry = (remote: string, release: string) => {
    const key = `${remote}${SEP}${release}`;
    let found = byRelease.get(key);
    if (!found) {
      found = {
        window: { remote, release, views: 0, errorViews: 0, apiFailures: 0, lcpP75: null, inpP75: null, minutes: [] },
        whole: histograms(),
        perMinute: new Map(),
      };
      byRelease.set(key, found);
    }
    return found;
  };
  const points = new Map<string, MinutePoint>();
  for (const row of minuteRows) {
    const { window } = entry(row.remote, row.release);
    const point: MinutePoint = { minute: iso(row.minute), views: int(row.views), errorViews: int(row.error_views), apiFailures: int(row.api_failures), lcpP75: null, inpP75: null };
    window.views += point.views;
    window.errorViews += point.errorViews;
    window.apiFailures += point.apiFailures;
    window.minutes.push(point);
    points.set(`${row.remote}${SEP}${row.release}${SEP}${point.minute}`, point);
  }
  for (const row of vitalRows) {
    const found = entry(row.remote, row.release);
    const minute = iso(row.minute);
    let perMinute = found.perMinute.get(minute);
    if (!perMinute) found.perMinute.set(minute, (perMinute = histograms()));
    const count = int(row.count);
    const bucket = int(row.bucket);
    perMinute[row.name].set(bucket, (perMinute[row.name].get(bucket) ?? 0) + count);
    found.whole[row.name].set(bucket, (found.whole[row.name].get(bucket) ?? 0) + count);
  }
  for (const { window, whole, perMinute } of byRelease.values()) {
    window.lcpP75 = p75(whole.LCP);
    window.inpP75 = p75(whole.INP);
    for (const [minute, hist] of perMinute) {
      const key = `${window.remote}${SEP}${window.release}${SEP}${minute}`;
      let point = points.get(key);
      if (!point) {
        point = { minute, views: 0, errorViews: 0, apiFailures: 0, lcpP75: null, inpP75: null };
        window.minutes.push(point);
      }
      point.lcpP75 = p75(hist.LCP);
      point.inpP75 = p75(hist.INP);
    }
    window.minutes.sort((a, b) => a.minute.localeCompare(b.minute));
  }
  return [...byRelease.values()].map((found) => found.window);
}
