import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/db';

/**
 * @fastify/rate-limit's store in PostgreSQL, so every API process on one database counts against
 * one budget (with the in-memory store, N processes behind a balancer gave an address N times
 * every limit). Chosen over a Redis-protocol server: the API already needs PostgreSQL to run more
 * than one process, so nothing more has to be deployed, secured or backed up; the limited calls
 * (logins, sign-ups, booking changes) write to the database anyway, and one upsert more per call
 * costs a fraction of a millisecond on the database's own clock, the same for every process.
 *
 * Fixed windows, like the in-memory store: the first hit of a key starts its window, hits are
 * counted until the window ends, then the next hit starts a new one. The table lives in a schema
 * of its own (`carebook_limits`), outside what backups and restores carry: counters are not data.
 */
const SCHEMA = 'carebook_limits';
const SCHEMA_LOCK = 4_110_003;
/** Rows of windows that ended this long ago are removed now and then (the longest window is an hour). */
const STALE_MS = 24 * 60 * 60 * 1000;
const CLEAN_EVERY = 500;
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

/** The options @fastify/rate-limit hands a store's `child` for one route (`routeInfo` is that route). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

interface Row {
  hits: number;
  started_ms: string;
  now_ms: string;
}

/** A store class for `@fastify/rate-limit`'s `store` option, counting in `db`. */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let ready: Promise<void> | null = null;
  const schema = (): Promise<void> => {
    ready ??= db
      .transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
          CREATE TABLE IF NOT EXISTS ${SCHEMA}.hits (key text PRIMARY KEY, hits integer NOT NULL, started_ms bigint NOT NULL)`);
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };
  let calls = 0;

  const incr = async (key: string, timeWindow: number): Promise<Hits> => {
    await schema();
    const [row] = await db.query<Row>(
      `INSERT INTO ${SCHEMA}.hits AS h (key, hits, started_ms) VALUES ($1, 1, ${NOW_MS})
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN h.started_ms + $2 <= ${NOW_MS} THEN 1 ELSE h.hits + 1 END,
         started_ms = CASE WHEN h.started_ms + $2 <= ${NOW_MS} THEN ${NOW_MS} ELSE h.started_ms END
       RETURNING hits, started_ms, ${NOW_MS} AS now_ms`,
      [key, timeWindow],
    );
    calls += 1;
    if (calls % CLEAN_EVERY === 0) void db.query(`DELETE FROM ${SCHEMA}.hits WHERE started_ms < ${NOW_MS} - $1`, [STALE_MS]).catch(() => undefined);
    return hitsOf(row, timeWindow);
  };

  const read = async (key: string, timeWindow: number): Promise<Hits> => {
    await schema();
    const [row] = await db.query<Row>(`SELECT hits, started_ms, ${NOW_MS} AS now_ms FROM ${SCHEMA}.hits WHERE key = $1`, [key]);
    if (!row || Number(row.started_ms) + timeWindow <= Number(row.now_ms)) return { current: 0, ttl: 0 };
    return hitsOf(row, timeWindow);
  };

  const answer = (work: Promise<Hits>, callback: Callback): void => {
    work.then(
      (hits) => callback(null, hits),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  class Store implements FastifyRateLimitStore {
    /** Set on a route's child; the plugin makes the first store with its own options (unused here). */
    private prefix = '';
    incr(key: string, callback: Callback, timeWindow: number): void {
      answer(incr(`${this.prefix}${key}`, timeWindow), callback);
    }
    read(key: string, callback: Callback, timeWindow: number): void {
      answer(read(`${this.prefix}${key}`, timeWindow), callback);
    }
    /** A route's own limit counts apart from every other's (the in-memory store gives each route its own map). */
    child(params: object): Store {
      const route = (params as RouteParams).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      const store = new Store();
      store.prefix = route?.url ? `route:${method ?? ''} ${route.url}:` : '';
      return store;
    }
  }
  return Store;
}

function hitsOf(row: Row | undefined, timeWindow: number): Hits {
  if (!row) throw new Error('the rate-limit count was not returned');
  return { current: row.hits, ttl: Math.max(0, Number(row.started_ms) + timeWindow - Number(row.now_ms)) };
}
