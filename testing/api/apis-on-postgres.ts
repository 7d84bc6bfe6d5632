import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PgCluster, startPgCluster } from '../node/pg-cluster';
import { type SpawnedApi, spawnApi } from './spawn-api';

/** API processes on one fresh PostgreSQL database, each with a DATA_DIR of its own (no shared disk). */
export interface ApisOnPostgres {
  /** The database's connection string, for a test's own look into it. */
  url: string;
  apis: SpawnedApi[];
  /** Stops the processes (waiting for their graceful stop), then the server, and removes the folders. */
  stop(): Promise<void>;
}

export interface ApisOnPostgresOptions {
  /** The database's name, also the data folders' prefix. */
  database: string;
  /** Settings beside DATABASE_URL and DATA_DIR, the same for every process. */
  env: Record<string, string>;
  /** How many processes; 2 unless said. */
  count?: number;
  /**
   * Started at once, so their migrations race too; otherwise one after the other (each later one
   * finds the schema made).
   */
  together?: boolean;
}

/** The scale-out tests' setup: a PostgreSQL server of their own and `count` API processes on one database. */
export async function startApisOnPostgres(options: ApisOnPostgresOptions): Promise<ApisOnPostgres> {
  const dirs: string[] = [];
  const apis: SpawnedApi[] = [];
  let cluster: PgCluster | null = null;
  const stop = async (): Promise<void> => {
    await Promise.all(apis.map((api) => api.stop()));
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase(options.database);
    const start = async (): Promise<void> => {
      const dir = mkdtempSync(path.join(os.tmpdir(), `carebook-${options.database}-`));
      dirs.push(dir);
      apis.push(await spawnApi({ ...options.env, DATABASE_URL: url, DATA_DIR: dir }));
    };
    const count = options.count ?? 2;
    if (options.together) await Promise.all(Array.from({ length: count }, start));
    else for (let i = 0; i < count; i += 1) await start();
    return { url, apis, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
