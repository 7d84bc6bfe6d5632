import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import type { Db, Queryable } from './db';
import { applyMigrations, MIGRATION_LOCK_KEY, migrationNames } from './migrate';

/**
 * A backup is one gzip file of JSON lines, the same for both databases, so a backup of the
 * embedded database restores into PostgreSQL and back:
 *
 *   {"format":"carebook-backup","version":1,"createdAt":"...","driver":"pglite","migrations":[...]}
 *   {"table":"users","columns":["id",...],"rows":2}
 *   [{"id":"...",...},{"id":"...",...}]        one line per batch of rows, as the database's row_to_json wrote them
 *   ...
 *   {"end":true,"tables":6,"rows":40}
 *
 * Rows are written and read by the database itself (row_to_json, json_populate_recordset), so every
 * value keeps its exact text form (timestamps to the microsecond, bytea photos, numerics) and
 * never passes through JavaScript numbers. The schema is not in the file: it is rebuilt from the
 * migrations the backup lists.
 */
export const BACKUP_FORMAT = 'carebook-backup';
export const BACKUP_VERSION = 1;
const BATCH_ROWS = 200;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: Db['driver'];
  migrations: string[];
}

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
  /** JSON array texts, passed to the database as they are. */
  batches: string[];
}

export interface Backup {
  header: Header;
  tables: BackupTable[];
}

export interface BackupSummary {
  driver: Db['driver'];
  createdAt: string;
  migrations: string[];
  tables: Array<{ name: string; rows: number }>;
  /** After a restore: this version's migrations applied on top of the backup's schema. */
  upgradedWith?: string[];
}

/** A backup file that cannot be restored; nothing was changed. */
export class BackupFileError extends Error {}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** SQL: the object `oid` was created by our migrations, not by an extension someone installed here. */
const NOT_FROM_EXTENSION = (oid: string): string => `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e')`;

/**
 * Drops what the migrations created in the current schema: tables (with their indexes, triggers
 * and sequences), then functions and types, so the backup's migrations can run again from the
 * start. Objects of installed extensions are left alone.
 */
async function dropSchemaObjects(tx: Queryable): Promise<void> {
  const tables = await tx.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND ${NOT_FROM_EXTENSION('c.oid')}`,
  );
  if (tables.length > 0) await tx.exec(`DROP TABLE IF EXISTS ${tables.map((t) => ident(t.name)).join(', ')} CASCADE`);
  const functions = await tx.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind IN ('f', 'p') AND ${NOT_FROM_EXTENSION('p.oid')}`,
  );
  for (const { signature } of functions) await tx.exec(`DROP ROUTINE IF EXISTS ${signature} CASCADE`);
  const types = await tx.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema() AND t.typtype IN ('e', 'd')
        AND ${NOT_FROM_EXTENSION('t.oid')}`,
  );
  for (const { name } of types) await tx.exec(`DROP TYPE IF EXISTS ${ident(name)} CASCADE`);
}

/** The tables of the current schema, in an order where every table comes after those it references. */
async function tablesInInsertOrder(tx: Queryable): Promise<string[]> {
  const tables = (
    await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
          AND ${NOT_FROM_EXTENSION('c.oid')}
        ORDER BY c.relname`,
    )
  ).map((row) => row.name);
  const references = await tx.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>): void => {
    if (placed.has(table) || path.has(table)) return; // a cycle (or a self reference) keeps its order
    path.add(table);
    for (const { child, parent } of references) if (child === table && parent !== table) place(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** Columns a row can be written to (generated columns are computed again on insert). */
async function writableColumns(tx: Queryable, table: string): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated <> 'ALWAYS'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function appliedMigrations(tx: Queryable): Promise<string[] | null> {
  const [found] = await tx.query<{ exists: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`);
  if (!found?.exists) return null;
  return (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
}

/** Whether the database holds a CareBook schema (anything to back up, or to lose in a restore). */
export async function hasData(db: Db): Promise<boolean> {
  return (await appliedMigrations(db)) !== null;
}

/**
 * Writes a consistent snapshot of `db` to `file` (gzip, owner-only: it holds password hashes and
 * the token signing secret). On PostgreSQL it runs beside live API processes: one repeatable-read
 * transaction sees one moment. The file appears only once complete.
 */
export async function backupDatabase(db: Db, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (value: unknown): Promise<void> => {
    if (!gzip.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  try {
    const summary = await db.transaction(async (tx): Promise<BackupSummary> => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const migrations = await appliedMigrations(tx);
      if (migrations === null) throw new BackupFileError('There is no CareBook data in this database yet: nothing to back up.');
      const header: Header = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), driver: db.driver, migrations };
      await write(header);
      const tables: BackupSummary['tables'] = [];
      for (const name of await tablesInInsertOrder(tx)) {
        const columns = await writableColumns(tx, name);
        const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(name)}`);
        const rows = count?.n ?? 0;
        await write({ table: name, columns, rows });
        const list = columns.map(ident).join(', ');
        for (let offset = 0; offset < rows; offset += BATCH_ROWS) {
          const [batch] = await tx.query<{ rows: string }>(
            `SELECT coalesce('[' || string_agg(row_to_json(b)::text, ',') || ']', '[]') AS rows
               FROM (SELECT ${list} FROM ${ident(name)} ORDER BY ctid LIMIT $1 OFFSET $2) b`,
            [BATCH_ROWS, offset],
          );
          await write(batch?.rows ?? '[]');
        }
        tables.push({ name, rows });
      }
      await write({ end: true, tables: tables.length, rows: tables.reduce((sum, t) => sum + t.rows, 0) });
      return { driver: db.driver, createdAt: header.createdAt, migrations, tables };
    });
    gzip.end();
    await written;
    renameSync(partial, file);
    return summary;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupFileError(`${where} is damaged (not JSON).`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks a whole backup file before anything is changed; throws {@link BackupFileError}. */
export function readBackup(file: string): Backup {
  if (!existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('utf8');
  } catch {
    throw new BackupFileError(`${file} is not a CareBook backup (it is not a complete gzip file).`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const first = lines[0] === undefined ? null : parseLine(lines[0], `${file}, line 1,`);
  if (!isObject(first) || first.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a CareBook backup.`);
  if (typeof first.version !== 'number' || first.version > BACKUP_VERSION) {
    throw new BackupFileError(`${file} was written by a newer CareBook (backup format ${String(first.version)}); this one reads format ${BACKUP_VERSION}.`);
  }
  const migrations = Array.isArray(first.migrations) ? first.migrations.filter((m): m is string => typeof m === 'string') : [];
  const known = new Set(migrationNames());
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `${file} was made by a newer CareBook: its database has migrations this version does not know (${unknown.join(', ')}). ` +
        'Restore it with that version or a later one.',
    );
  }
  const header: Header = {
    format: BACKUP_FORMAT,
    version: first.version,
    createdAt: String(first.createdAt),
    driver: first.driver === 'postgres' ? 'postgres' : 'pglite',
    migrations,
  };

  const tables: BackupTable[] = [];
  const seen = new Map<BackupTable, number>();
  let ended = false;
  for (let index = 1; index < lines.length && !ended; index += 1) {
    const line = lines[index] ?? '';
    const where = `${file}, line ${index + 1},`;
    const value = parseLine(line, where);
    const current = tables.at(-1);
    if (Array.isArray(value)) {
      if (!current) throw new BackupFileError(`${where} has rows before any table.`);
      current.batches.push(line);
      seen.set(current, (seen.get(current) ?? 0) + value.length);
    } else if (isObject(value) && typeof value.table === 'string' && Array.isArray(value.columns) && typeof value.rows === 'number') {
      tables.push({ name: value.table, columns: value.columns.map(String), rows: value.rows, batches: [] });
    } else if (isObject(value) && value.end === true) {
      ended = true;
    } else {
      throw new BackupFileError(`${where} is not part of a CareBook backup.`);
    }
  }
  if (!ended || tables.some((table) => (seen.get(table) ?? 0) !== table.rows)) {
    throw new BackupFileError(`${file} is incomplete (cut off while it was written or copied).`);
  }
  return { header, tables };
}

/**
 * Replaces everything in `db` by the backup, in one transaction (a failure changes nothing): the
 * schema's objects are dropped, the schema is rebuilt by the backup's own migrations, the rows are loaded,
 * sequences moved past them, then this version's later migrations run on the restored data, as
 * they would on an upgrade. The caller makes sure no API process is using the database.
 */
export async function restoreDatabase(db: Db, backup: Backup): Promise<BackupSummary> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await dropSchemaObjects(tx);
    const wanted = new Set(backup.header.migrations);
    await applyMigrations(tx, (name) => wanted.has(name));

    const byName = new Map(backup.tables.map((table) => [table.name, table]));
    const order = await tablesInInsertOrder(tx);
    const missing = backup.tables.filter((table) => !order.includes(table.name)).map((table) => table.name);
    if (missing.length > 0) throw new BackupFileError(`The backup holds tables its migrations do not create: ${missing.join(', ')}.`);
    for (const name of order) {
      const table = byName.get(name);
      if (!table) continue;
      const columns = await writableColumns(tx, name);
      const strange = table.columns.filter((column) => !columns.includes(column));
      if (strange.length > 0) throw new BackupFileError(`The backup's table ${name} has columns its schema lacks: ${strange.join(', ')}.`);
      const list = table.columns.map(ident).join(', ');
      for (const batch of table.batches) {
        await tx.query(
          `INSERT INTO ${ident(name)} (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::${ident(name)}, $1::json)`,
          [batch],
        );
      }
    }
    const counters = await tx.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
    );
    for (const { table_name: table, column_name: column } of counters) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${ident(column)}) FROM ${ident(table)}), 0) + 1, false)`,
        [ident(table), column],
      );
    }
    const upgradedWith = await applyMigrations(tx);
    return {
      upgradedWith,
      driver: backup.header.driver,
      createdAt: backup.header.createdAt,
      migrations: backup.header.migrations,
      tables: backup.tables.map((table) => ({ name: table.name, rows: table.rows })),
    };
  });
}
