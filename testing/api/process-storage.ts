import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PgCluster, startPgCluster } from '../node/pg-cluster';
import type { SpawnedApi } from './spawn-api';
import type { Driver } from './test-app';

/** Where one test's API processes keep their data: a folder, and on PostgreSQL a fresh database. */
export interface ProcessStorage {
  dir: string;
  /** The settings that point a process at it: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** The PostgreSQL database's connection string; null on the embedded database. */
  databaseUrl: string | null;
}

/**
 * For tests that start, kill and start again real API processes: `storage(driver)` makes a data
 * folder (and on PostgreSQL a fresh database on one server per test file, started on first use).
 * Everything is removed after the file's tests.
 */
export function useProcessStorage(prefix: string): (driver: Driver) => Promise<ProcessStorage> {
  let cluster: PgCluster | null = null;
  const dirs: string[] = [];
  afterAll(() => {
    cluster?.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  let databases = 0;
  return async (driver) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `carebook-${prefix}-`));
    dirs.push(dir);
    let databaseUrl: string | null = null;
    if (driver === 'postgres') {
      cluster ??= await startPgCluster();
      databaseUrl = await cluster.createDatabase(`${prefix.replace(/[^a-z0-9]/g, '')}${(databases += 1)}`);
    }
    return { dir, databaseUrl, env: { DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } };
  };
}

/** `D_M_YYYY` of the UTC day `days` after today (a spawned API runs on the real clock; these tests run it in UTC). */
export function wireDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCDate()}_${d.getUTCMonth() + 1}_${d.getUTCFullYear()}`;
}

/** A JSON POST to a spawned API process, its reply's status and body. */
export async function postTo(
  api: SpawnedApi,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${api.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
