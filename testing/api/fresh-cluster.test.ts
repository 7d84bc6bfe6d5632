import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../api/src/db/db';
import { openPgliteDb } from '../../api/src/db/pglite-db';
import { copyFreshCluster } from './fresh-cluster';

// Closing an embedded database flushes its whole cluster to disk: under a second alone, but past
// jest's 5 s default for the afterAll hook in CI, beside another worker's suites.
jest.setTimeout(60_000);

const folders: string[] = [];
const opened: Db[] = [];

async function copyAndOpen(): Promise<Db> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-fresh-cluster-'));
  folders.push(dir);
  await copyFreshCluster(path.join(dir, 'db'));
  expect(existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(true);
  const db = await openPgliteDb(path.join(dir, 'db'));
  opened.push(db);
  return db;
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const tables = async (db: Db): Promise<string[]> =>
  (await db.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")).map((row) => row.name);

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
