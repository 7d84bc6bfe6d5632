import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/**
 * @fastify/rate-limit's store for the embedded database (one API process): fixed windows in memory,
 * the same counting as the PostgreSQL store (`shared-rate-limit-store.ts`). Ours rather than the
 * plugin's `LocalStore` because that one hands every caller the same mutable counter: in a burst,
 * the plugin reads the count only after an await, by which time the later requests of the burst
 * have raised it, so once a burst crosses a limit even its first requests read as over it (400
 * beacons at once against a limit of 50: none taken). Here each call gets the count as it was.
 */
interface Window {
  hits: number;
  startedMs: number;
}
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

/** The store as the plugin uses it, with the `read` the plugin calls for `{ increment: false }`. */
export interface MemoryRateLimitStore extends FastifyRateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number): void;
  read(key: string, callback: Callback, timeWindow: number): void;
  child(): MemoryRateLimitStore;
}

/** Keys kept per route before the least recently counted are dropped (the plugin's own default). */
export const MEMORY_STORE_KEYS = 5000;

/** A store class for `@fastify/rate-limit`'s `store` option; `now` is the clock (tests move it). */
export function memoryRateLimitStore(now: () => number = Date.now): new () => MemoryRateLimitStore {
  class Store implements MemoryRateLimitStore {
    private readonly windows = new Map<string, Window>();

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const open = this.alive(key, timeWindow, at);
      const window = open ? { hits: open.hits + 1, startedMs: open.startedMs } : { hits: 1, startedMs: at };
      // Re-inserted so the map's order is least recently counted first.
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > MEMORY_STORE_KEYS) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      callback(null, { current: window.hits, ttl: window.startedMs + timeWindow - at });
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const open = this.alive(key, timeWindow, at);
      callback(null, open ? { current: open.hits, ttl: open.startedMs + timeWindow - at } : { current: 0, ttl: 0 });
    }

    /** Each route's limit counts apart (a store of its own), as with the PostgreSQL store. */
    child(): Store {
      return new Store();
    }

    private alive(key: string, timeWindow: number, at: number): Window | undefined {
      const window = this.windows.get(key);
      return window && window.startedMs + timeWindow > at ? window : undefined;
    }
  }
  return Store;
}
