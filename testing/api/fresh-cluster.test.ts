import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../api/src/db/db';
import { openDatabase } from '../../api/src/db/open-db';
import { openPgliteDb } from '../../api/src/db/pglite-db';
import { copyFreshCluster, copySeededCluster, seededClusterImage } from './fresh-cluster';

// Closing an embedded database flushes its whole cluster to disk: under a second alone, but past
// jest's 5 s default for the afterAll hook in CI, beside another worker's suites. The second test
// makes the migrated template and opens three databases: 108 s at load 25.
jest.setTimeout(240_000);

const folders: string[] = [];
const opened: Db[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-fresh-cluster-'));
  folders.push(dir);
  return dir;
}

async function copyAndOpen(): Promise<Db> {
  const dir = newDataDir();
  await copyFreshCluster(path.join(dir, 'db'));
  expect(existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(true);
  const db = await openPgliteDb(path.join(dir, 'db'));
  opened.push(db);
  return db;
}

/** A data folder whose `db` is put there by `copy`, opened as the API opens it (migrations and seed run). */
async function openAsTheApi(copy: (dbDir: string) => Promise<void>): Promise<Db> {
  const dir = newDataDir();
  await copy(path.join(dir, 'db'));
  const db = await openDatabase({ databaseUrl: null, dataDir: dir });
  opened.push(db);
  return db;
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose database runs in memory from the seeded image, opened as the API opens it. */
async function openInMemoryAsTheApi(): Promise<Db> {
  const dir = newDataDir();
  const db = await openDatabase({ databaseUrl: null, dataDir: dir }, { embeddedInMemoryFrom: await seededClusterImage() });
  opened.push(db);
  expect(existsSync(path.join(dir, 'db'))).toBe(false);
  return db;
}

const tables = async (db: Db): Promise<string[]> =>
  (await db.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")).map((row) => row.name);

/**
 * Everything a test could read of a database: its schema (columns, constraints, indexes, views,
 * triggers, functions, sequences) and every row of every table, all but when each migration ran.
 */
async function contents(db: Db): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {
    columns: await db.query(
      `select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
       where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await db.query(
      `select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition from pg_constraint
       where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await db.query("select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1"),
    views: await db.query("select viewname, definition from pg_views where schemaname = 'public' order by 1"),
    triggers: await db.query('select tgname, pg_get_triggerdef(oid) as definition from pg_trigger where not tgisinternal order by 1'),
    functions: await db.query(
      `select proname, pg_get_functiondef(oid) as definition from pg_proc
       where pronamespace = 'public'::regnamespace and prokind in ('f', 'p') order by 1, 2`,
    ),
    sequences: await db.query("select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1"),
  };
  for (const table of await tables(db)) {
    found[`rows of ${table}`] = await db.query(`select to_jsonb(t) - 'applied_at' as row from "${table}" t order by 1::text`);
  }
  return found;
}

it('gives each caller a cluster of its own, fresh from initdb: what one writes, the next copy does not hold', async () => {
  const first = await copyAndOpen();
  expect(await tables(first)).toEqual([]);
  await first.exec('create table marker (id int primary key)');
  await first.query('insert into marker values ($1)', [1]);
  expect(await first.query('select id from marker')).toEqual([{ id: 1 }]);

  const second = await copyAndOpen();
  expect(await tables(second)).toEqual([]);
  expect(await tables(first)).toEqual(['marker']);
});

it('gives each caller the very database the API makes of a fresh cluster, migrated and seeded, of its own', async () => {
  const made = await openAsTheApi(copyFreshCluster);
  const copied = await openAsTheApi(copySeededCluster);
  const expected = await contents(made);
  expect(expected['rows of schema_migrations']?.length).toBeGreaterThan(0);
  expect(expected['rows of doctors']?.length).toBeGreaterThan(0);
  expect(await contents(copied)).toEqual(expected);

  await copied.query("delete from doctors where id = 'doc01'");
  const next = await openAsTheApi(copySeededCluster);
  expect(await contents(next)).toEqual(expected);
  expect(await copied.query("select id from doctors where id = 'doc01'")).toEqual([]);
});

it('gives each caller that database in memory too, loaded from its image, of its own', async () => {
  const expected = await contents(await openAsTheApi(copyFreshCluster));
  const first = await openInMemoryAsTheApi();
  expect(await contents(first)).toEqual(expected);

  await first.query("delete from doctors where id = 'doc01'");
  const second = await openInMemoryAsTheApi();
  expect(await contents(second)).toEqual(expected);
  expect(await first.query("select id from doctors where id = 'doc01'")).toEqual([]);
});
