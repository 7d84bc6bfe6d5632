import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';
import { seed } from './seed';

/**
 * Opens the configured database, migrated and seeded: PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR/db behind the folder lock (released on close). `migrateAndSeed: false` opens
 * it as it is, for tools that only read. `embeddedInMemoryFrom` (tests): the embedded database in
 * memory, loaded from that tar of a data folder (see `openPgliteDb`), DATA_DIR/db left alone.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { onError?: (error: unknown) => void; migrateAndSeed?: boolean; embeddedInMemoryFrom?: string } = {},
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = openPostgresDb(config.databaseUrl, { onError: options.onError });
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    const release = lockDataDir(config.dataDir);
    try {
      const embedded = await openPgliteDb(path.join(config.dataDir, 'db'), { inMemoryFrom: options.embeddedInMemoryFrom });
      db = {
        ...embedded,
        async close() {
          try {
            await embedded.close();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  if (options.migrateAndSeed === false) return db;
  try {
    await migrate(db);
    await db.transaction((tx) => seed(tx));
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
