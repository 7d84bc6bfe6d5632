import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await target.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * The embedded database (PGlite, PostgreSQL compiled to WASM) in `dir`. One process only: the
 * caller must hold the folder's lock (see `data-dir-lock.ts`). A transaction holds PGlite's only
 * connection, so other queries wait for it; that is what makes the single connection safe.
 */
export async function openPgliteDb(dir: string): Promise<Db> {
  const pg = await PGlite.create(dir);
  return {
    driver: 'pglite',
    ...wrap(pg),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async listen(channel, onNotify) {
      return pg.listen(channel, () => onNotify());
    },
    async close() {
      await pg.close();
    },
  };
}
