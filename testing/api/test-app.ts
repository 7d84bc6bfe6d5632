import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app';
import { type Config, loadConfig } from '../../api/src/config';
import type { Db } from '../../api/src/db/db';
import { openDatabase } from '../../api/src/db/open-db';
import { seededClusterImage } from './fresh-cluster';
import { type PgCluster, startPgCluster } from '../node/pg-cluster';

export type Driver = 'pglite' | 'postgres';
/** Every suite that touches the database runs on both: `describe.each(DRIVERS)('... on %s', ...)`. */
export const DRIVERS: readonly Driver[] = ['pglite', 'postgres'];

export const ADMIN = { email: 'admin@carebook.test', password: 'admin-password-1' };
export const PUBLIC_URL = 'http://api.test';

/** Per-address and per-account limits high enough never to matter in a suite that is not about them. */
export const UNLIMITED: Record<string, string> = {
  BOOKING_RATE_MAX: '100000',
  BOOKING_RATE_MAX_PER_ADDRESS: '100000',
  SIGNUP_RATE_MAX_PER_HOUR: '100000',
  LOGIN_FAILURES_MAX: '100000',
};

/** A movable clock for slot rules. Default: Tuesday 2026-11-24 09:10 UTC = 10:10 in Berlin. */
export class TestClock {
  time = new Date('2026-11-24T09:10:00Z');
  now = (): Date => this.time;
}

export interface TestEnv {
  driver: Driver;
  db: Db;
  config: Config;
  clock: TestClock;
  app: FastifyInstance;
  /** Another app on the same database with other settings (e.g. a low rate limit). */
  buildOther(env: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

function testConfig(dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    CLINIC_TIME_ZONE: 'Europe/Berlin',
    PUBLIC_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_AUTH_MAX: '100000',
    // Suites register and book many patients from one address; the limits have their own tests.
    ...UNLIMITED,
    ...extra,
  });
}

let cluster: PgCluster | null = null;

/** Opens a migrated, seeded database of the given driver and an app on it (with `extra` settings). */
export async function createTestEnv(driver: Driver, extra: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-api-test-'));
  let databaseUrl = '';
  if (driver === 'postgres') {
    cluster ??= await startPgCluster();
    databaseUrl = await cluster.createDatabase(`t${Date.now()}${Math.floor(Math.random() * 1000)}`);
  }
  const env: Record<string, string> = { ...extra, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const config = testConfig(dataDir, env);
  // The embedded database in memory: no test reopens it or hands its folder on (those copy one).
  const db = await openDatabase(config, driver === 'pglite' ? { embeddedInMemoryFrom: await seededClusterImage() } : {});
  const clock = new TestClock();
  const others: FastifyInstance[] = [];
  const app = await buildApp({ db, config, now: clock.now, logger: false });
  return {
    driver,
    db,
    config,
    clock,
    app,
    async buildOther(extra) {
      const other = await buildApp({ db, config: testConfig(dataDir, { ...env, ...extra }), now: clock.now, logger: false });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app and database of `driver` for one describe block: opened before its first test, closed
 * after its last. The object is filled in place, so tests and helpers take it as they would the
 * result of {@link createTestEnv}. `extra` gives settings known only once the suite runs (a server's port).
 */
export function useTestEnv(driver: Driver, extra: () => Record<string, string> = () => ({})): TestEnv {
  const env = {} as TestEnv;
  beforeAll(async () => {
    Object.assign(env, await createTestEnv(driver, extra()));
  });
  afterAll(async () => {
    await env.close?.();
  });
  return env;
}

/** Stops the shared test PostgreSQL, if one was started. Call in afterAll. */
export function stopTestCluster(): void {
  cluster?.stop();
  cluster = null;
}
