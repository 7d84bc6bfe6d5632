import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Backup, BACKUP_FORMAT, BACKUP_VERSION, BackupFileError, type BackupHeader, type BackupSummary } from './backup-file';
import type { Db, Queryable } from './db';
import { applyMigrations, MIGRATION_LOCK_KEY } from './migrate';

// Writing a backup from a database and restoring one into it; the file's format is in backup-file.ts.

const BATCH_ROWS = 200;

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
      const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), driver: db.driver, migrations };
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
