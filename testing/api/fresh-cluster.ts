import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../node/repo-root';
import { openPgliteDb } from '../../api/src/db/pglite-db';

const PGLITE_PACKAGE = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'carebook');

/** Where the cluster fresh from this PGlite version's initdb is kept: one per installed version. */
function templateDir(): string {
  const { version } = JSON.parse(readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string };
  return path.join(CACHE_DIR, `pglite-${version}-initdb`);
}

/**
 * Puts an embedded cluster fresh from initdb in `dbDir` (a DATA_DIR's `db` folder), as the API's
 * first start would make it, but copied: PGlite's initdb costs 4-9 s here (PostgreSQL compiled to
 * WASM), and the suites open a new database per describe block. The first call makes one with
 * PGlite itself and keeps it under node_modules/.cache, made in a folder of its own and renamed
 * into place, so a process running beside it never sees half of one. The copy is of a cluster
 * shut down cleanly, as a cold copy of PostgreSQL's data folder is. The API then migrates and seeds
 * it as a new database; the first start itself (initdb and its flush) keeps its own tests.
 */
export async function copyFreshCluster(dbDir: string): Promise<void> {
  const template = templateDir();
  if (!existsSync(template)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const making = mkdtempSync(`${template}.making-`);
    try {
      const db = await openPgliteDb(making);
      await db.close();
      renameSync(making, template);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      // Another process made it meanwhile: use theirs.
      if (!existsSync(template)) throw error;
    }
  }
  cpSync(template, dbDir, { recursive: true });
}
