import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './db';

type WireError = { message: string; code?: string; constraint?: string };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

class PgliteError extends Error {
  readonly code?: string;
  readonly constraint?: string;
  constructor(error: WireError) {
    super(error.message);
    this.code = error.code;
    this.constraint = error.constraint;
  }
}

const WORKER_FILE = path.join(__dirname, 'pglite-worker.cjs');

/**
 * The embedded database (PGlite, PostgreSQL compiled to WASM) in `dir`, run in a worker thread
 * (`pglite-worker.cjs`). One process only: the caller must hold the folder's lock (see
 * `data-dir-lock.ts`). PGlite has one connection; an open transaction holds it and other queries
 * queue behind it, which is what makes a single connection safe.
 * `inMemoryFrom` (tests): a tar of a data folder; the database runs in memory, loaded from it, and
 * `dir` is left alone (nothing is written or flushed to disk).
 */
export async function openPgliteDb(dir: string, options: { inMemoryFrom?: string } = {}): Promise<Db> {
  const worker = new Worker(WORKER_FILE, { workerData: { dir, inMemoryFrom: options.inMemoryFrom } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { ready: boolean; error?: { message: string } }) => {
      worker.off('error', reject);
      if (message.ready) resolve();
      else reject(new Error(`Could not open the embedded database in ${dir}: ${message.error?.message}`));
    });
  });

  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Array<() => void>>();
  let failure: Error | null = null;
  worker.on('message', (message: Reply | { notify: string }) => {
    if ('notify' in message) {
      for (const listener of listeners.get(message.notify) ?? []) listener();
      return;
    }
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (!waiter) return;
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new PgliteError(message.error));
  });
  const failAll = (error: Error): void => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The embedded database worker stopped')));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const on = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: readonly unknown[] = []) => call<T[]>({ op: 'query', sql, params: [...params], tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });

  return {
    driver: 'pglite',
    ...on(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(on(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onNotify]);
      await call({ op: 'listen', channel });
      return async () => {
        listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== onNotify));
      };
    },
    async close() {
      try {
        if (!failure) await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
