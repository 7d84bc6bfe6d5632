import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadStorageConfig } from '../config';
import { backupDatabase, BackupFileError, type BackupSummary, hasData, readBackup, restoreDatabase } from './backup';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { API_APPLICATION_NAME, openPostgresDb } from './postgres-db';

/**
 * `npm run backup -w api -- <file>` and `npm run restore -w api -- <file>`: the database the API
 * is configured for (DATABASE_URL, else the embedded one in DATA_DIR), read from the same
 * environment. See docs/operations.md, "Backup and restore".
 */
const USAGE = 'Usage: npm run backup -w api -- <file>    or    npm run restore -w api -- <file>';

/** The command cannot run now; nothing was changed. */
class Refusal extends Error {}

type Command = 'backup' | 'restore';

interface Target {
  db: Db;
  /** Where the data is, for messages (never the password of DATABASE_URL). */
  where: string;
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `the PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host || 'the local socket'}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

async function refuseWhileApiConnected(db: Db, where: string): Promise<void> {
  const [live] = await db.query<{ n: number; clients: string | null }>(
    `SELECT count(*)::int AS n, string_agg(DISTINCT coalesce(host(client_addr), 'this machine'), ', ') AS clients
       FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
    [API_APPLICATION_NAME],
  );
  if (live && live.n > 0) {
    throw new Refusal(
      `${where} is in use by a running API (${live.n} connection${live.n === 1 ? '' : 's'} from ${live.clients ?? 'unknown'}). ` +
        'A restore replaces all of its data: stop every API process first, then run the restore again. Nothing was changed.',
    );
  }
}

async function openTarget(command: Command): Promise<Target> {
  const storage = loadStorageConfig();
  if (storage.databaseUrl) {
    const where = describeUrl(storage.databaseUrl);
    const db = openPostgresDb(storage.databaseUrl, { max: 1, applicationName: `carebook-${command}` });
    try {
      if (command === 'restore') await refuseWhileApiConnected(db, where);
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, where };
  }

  const dbDir = path.join(storage.dataDir, 'db');
  const where = `the embedded database in ${dbDir}`;
  if (command === 'backup' && !existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Refusal(`There is no embedded database in ${dbDir} (DATA_DIR=${storage.dataDir}): nothing to back up.`);
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

function describe(summary: BackupSummary): string {
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  const tables = summary.tables.map((table) => `${table.name} ${table.rows}`).join(', ');
  return `${rows} rows in ${summary.tables.length} tables (${tables}); schema ${summary.migrations.at(-1) ?? 'empty'}`;
}

function safetyCopyPath(): string {
  const { dataDir } = loadStorageConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `before-restore-${stamp}.carebook.gz`);
}

async function backup(file: string): Promise<string> {
  if (!existsSync(path.dirname(file))) throw new Refusal(`The folder ${path.dirname(file)} does not exist.`);
  const target = await openTarget('backup');
  try {
    const summary = await backupDatabase(target.db, file);
    return `carebook backup: wrote ${file} from ${target.where}: ${describe(summary)}.`;
  } finally {
    await target.db.close();
  }
}

async function restore(file: string): Promise<string> {
  // The whole file is read and checked before the database is even opened.
  const contents = readBackup(file);
  const target = await openTarget('restore');
  try {
    const lines: string[] = [];
    if (await hasData(target.db)) {
      // The data being replaced is kept, so a restore of the wrong file can be undone.
      const copy = safetyCopyPath();
      mkdirSync(path.dirname(copy), { recursive: true });
      await backupDatabase(target.db, copy);
      lines.push(`carebook restore: the data it replaces was saved to ${copy}.`);
    }
    const summary = await restoreDatabase(target.db, contents);
    lines.push(
      `carebook restore: ${target.where} now holds the backup of ${summary.createdAt} (from ${summary.driver}): ${describe(summary)}.`,
    );
    return lines.join('\n');
  } finally {
    await target.db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, fileArg, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !fileArg || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // npm runs workspace scripts inside api/; a relative path means the folder the operator typed it in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  try {
    console.log(command === 'backup' ? await backup(file) : await restore(file));
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof BackupFileError || error instanceof ConfigError) {
      console.error(`carebook ${command}: ${error.message}`);
      return 1;
    }
    console.error(`carebook ${command} failed; nothing was changed.`, error);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
