import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/open-db';
import { type PgCluster, startPgCluster } from '../node/pg-cluster';
import { REPO_ROOT } from '../node/repo-root';
import { ADMIN, type Driver, PUBLIC_URL, TestClock, UNLIMITED } from './test-app';

const API_DIR = path.join(REPO_ROOT, 'api');

/** Where one API instance keeps its data: a DATA_DIR and, on PostgreSQL, its own database. */
export type Storage = { DATA_DIR: string; DATABASE_URL: string };

/** Fresh, empty instances for the maintenance commands' tests; `cleanUp()` in afterAll. */
export class Instances {
  private cluster: PgCluster | null = null;
  private readonly folders: string[] = [];
  private databases = 0;

  async fresh(driver: Driver): Promise<Storage> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-maintenance-'));
    this.folders.push(dir);
    if (driver === 'pglite') return { DATA_DIR: dir, DATABASE_URL: '' };
    this.cluster ??= await startPgCluster();
    this.databases += 1;
    return { DATA_DIR: dir, DATABASE_URL: await this.cluster.createDatabase(`m${process.pid}x${this.databases}`) };
  }

  cleanUp(): void {
    this.cluster?.stop();
    for (const dir of this.folders) rmSync(dir, { recursive: true, force: true });
  }
}

export interface RunningApi {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The API on `storage` as a deployment runs it: no JWT_SECRET, so the signing secret lives in the data. */
export async function openApi(storage: Storage): Promise<RunningApi> {
  const config = loadConfig({
    ...storage,
    CLINIC_TIME_ZONE: 'Europe/Berlin',
    PUBLIC_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_AUTH_MAX: '100000',
    ...UNLIMITED,
  });
  const db = await openDatabase(config);
  const app = await buildApp({ db, config, now: new TestClock().now, logger: false });
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `api/src/<script>.ts` (`cli/backup`, `audit-verify`) as its npm script does, in its own process, on `storage`. */
export function runCli(script: string, args: string[], storage: Storage, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/${script}.ts`, ...args],
      { cwd: API_DIR, env: { ...process.env, JWT_SECRET: '', ...storage, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
