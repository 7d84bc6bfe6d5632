import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadStorageConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import type { Db } from '../db/db';
import { openPgliteDb } from '../db/pglite-db';
import { API_APPLICATION_NAME, openPostgresDb } from '../db/postgres-db';

/** The command cannot run now; nothing was changed. */
export class Refusal extends Error {}

export interface MaintenanceTarget {
  db: Db;
  /** Where the data is, for messages (never the password of DATABASE_URL). */
  where: string;
}

export interface MaintenanceOptions {
  /** What the command does, for messages: `backup`, `restore`, ... */
  command: string;
  /** Refuse when no database exists yet (instead of creating an empty embedded one). */
  needsData: boolean;
  /** Refuse while an API process uses the database (always so on the embedded one: its lock). */
  needsApiStopped: boolean;
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `the PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host || 'the local socket'}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

async function refuseWhileApiConnected(db: Db, where: string, command: string): Promise<void> {
  const [live] = await db.query<{ n: number; clients: string | null }>(
    `SELECT count(*)::int AS n, string_agg(DISTINCT coalesce(host(client_addr), 'this machine'), ', ') AS clients
       FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
    [API_APPLICATION_NAME],
  );
  if (live && live.n > 0) {
    throw new Refusal(
      `${where} is in use by a running API (${live.n} connection${live.n === 1 ? '' : 's'} from ${live.clients ?? 'unknown'}): ` +
        `stop every API process first, then run the ${command} again. Nothing was changed.`,
    );
  }
}

/**
 * Opens the database the API is configured for, from the same environment (DATABASE_URL, else the
 * embedded one in DATA_DIR), for a maintenance command: no migrations, no seed. The embedded
 * database is opened under the API's folder lock, so it is refused while the API runs.
 */
export async function openTarget(options: MaintenanceOptions): Promise<MaintenanceTarget> {
  const { command } = options;
  const storage = loadStorageConfig();
  if (storage.databaseUrl) {
    const where = describeUrl(storage.databaseUrl);
    const db = openPostgresDb(storage.databaseUrl, { max: 1, applicationName: `carebook-${command.replace(/\W+/g, '-')}` });
    try {
      if (options.needsApiStopped) await refuseWhileApiConnected(db, where, command);
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, where };
  }

  const dbDir = path.join(storage.dataDir, 'db');
  const where = `the embedded database in ${dbDir}`;
  if (options.needsData && !existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Refusal(`There is no embedded database in ${dbDir} (DATA_DIR=${storage.dataDir}) yet; the API creates it when it first starts.`);
  }
  mkdirSync(storage.dataDir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(storage.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Refusal(
      `${where} is in use by the running API (pid ${error.pid}). The embedded database can only be opened by one process: ` +
        `stop the API, run the ${command} (it takes seconds), then start the API again. Nothing was changed.`,
    );
  }
  try {
    const embedded = await openPgliteDb(dbDir);
    return {
      where,
      db: {
        ...embedded,
        async close() {
          try {
            await embedded.close();
          } finally {
            release();
          }
        },
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
