import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../node/repo-root';
import { migrate } from '../../api/src/db/migrate';
import { openPgliteDb } from '../../api/src/db/pglite-db';
import { seed } from '../../api/src/db/seed';

const PGLITE_PACKAGE = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'carebook');
const DB_SOURCE = path.join(REPO_ROOT, 'api', 'src', 'db');

function pgliteVersion(): string {
  return (JSON.parse(readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string }).version;
}

/**
 * Makes `template` once with `make(folder)` in a folder of its own, renamed into place, so a process
 * running beside it never sees half of one; a process that lost the race uses the winner's.
 */
async function ensureTemplate(template: string, make: (folder: string) => Promise<void>): Promise<void> {
  if (existsSync(template)) return;
  mkdirSync(CACHE_DIR, { recursive: true });
  const making = mkdtempSync(`${template}.making-`);
  try {
    await make(making);
    renameSync(making, template);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another process made it meanwhile: use theirs.
    if (!existsSync(template)) throw error;
  }
}

/**
 * Puts an embedded cluster fresh from initdb in `dbDir` (a DATA_DIR's `db` folder), as the API's
 * first start would make it, but copied: PGlite's initdb costs 4-9 s here (PostgreSQL compiled to
 * WASM), and the suites open a new database per describe block. The first call makes one with
 * PGlite itself and keeps it under node_modules/.cache, one per installed PGlite version. The copy
 * is of a cluster shut down cleanly, as a cold copy of PostgreSQL's data folder is. The API then
 * migrates and seeds it as a new database; the first start itself (initdb and its flush) keeps its
 * own tests.
 */
export async function copyFreshCluster(dbDir: string): Promise<void> {
  const template = path.join(CACHE_DIR, `pglite-${pgliteVersion()}-initdb`);
  await ensureTemplate(template, async (making) => {
    const db = await openPgliteDb(making);
    await db.close();
  });
  cpSync(template, dbDir, { recursive: true });
}

/**
 * What makes the migrated and seeded database: the migrations, the seed and the code that applies
 * them. A change to any of them names another template, so a stale one is never copied.
 */
function schemaAndSeedKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(path.join(DB_SOURCE, 'migrations')).sort().map((name) => path.join('migrations', name)),
    'migrate.ts',
    'seed.ts',
    'seed-data.ts',
    'open-db.ts',
  ];
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(DB_SOURCE, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The embedded database the API's start makes of a cluster fresh from initdb: every migration
 * applied and the seed doctors in, by the steps of the API's `openDatabase` (fresh-cluster.test.ts
 * holds the databases equal), made once per PGlite version and set of migrations and seed (kept
 * beside the fresh cluster) and shut down cleanly. Migrating and seeding costs about 2 s of CPU per
 * database; the suites open dozens. Returns the template folder; its `db` is the cluster.
 */
async function seededTemplate(): Promise<string> {
  const template = path.join(CACHE_DIR, `pglite-${pgliteVersion()}-seeded-${schemaAndSeedKey()}`);
  await ensureTemplate(template, async (making) => {
    await copyFreshCluster(path.join(making, 'db'));
    const db = await openPgliteDb(path.join(making, 'db'));
    try {
      await migrate(db);
      await db.transaction((tx) => seed(tx));
    } finally {
      await db.close();
    }
  });
  return template;
}

/**
 * Puts in `dbDir` a copy of the migrated and seeded database ({@link seededTemplate}), for a test
 * that opens the folder again, backs it up or hands it to another process. The API that opens the
 * copy still runs its migrations and seed, which find nothing left to do, as on any later start.
 * Tests of the migrations themselves start from {@link copyFreshCluster}; a test that opens the
 * database once takes {@link seededClusterImage}.
 */
export async function copySeededCluster(dbDir: string): Promise<void> {
  cpSync(path.join(await seededTemplate(), 'db'), dbDir, { recursive: true });
}

/**
 * A tar of the migrated and seeded cluster ({@link seededTemplate}), made once beside it, for
 * `openDatabase`'s `embeddedInMemoryFrom`: the database then runs in memory. A copy on disk costs
 * ~4 CPU s per database and closing it flushes its ~1,000 files; a test that opens its database
 * once, and never hands the folder on, needs neither.
 */
export async function seededClusterImage(): Promise<string> {
  const template = await seededTemplate();
  const image = `${template}.tar`;
  if (existsSync(image)) return image;
  const dbDir = path.join(template, 'db');
  const making = `${image}.making-${process.pid}`;
  // The entries by name (not `.`): PGlite's loader joins each name to its data folder as it is.
  execFileSync('tar', ['--format=ustar', '-cf', making, '-C', dbDir, ...readdirSync(dbDir).sort()]);
  renameSync(making, image);
  return image;
}
