import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * `npm run bench:pglite-memory -w api`: the process's resident memory with the embedded database
 * open, idle and after 20,000 inserts with a grouping query every 50, with PGlite's defaults
 * (shared_buffers 128 MB) and with the API's setting (shared_buffers 16 MB, `db/pglite-worker.cjs`).
 * Each setting runs BENCH_RUNS times (default 3) in a fresh process; medians are printed.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WRITES = 20_000;
const SETTINGS: Record<string, string[]> = { default: [], api: ['-c', 'shared_buffers=16MB'] };

const rssMb = (): number => Math.round(process.memoryUsage().rss / 1_048_576);

async function measureOne(setting: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-pglite-'));
  try {
    const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...(SETTINGS[setting] ?? [])] });
    await pg.exec('CREATE TABLE t (id serial PRIMARY KEY, a text, b jsonb); CREATE INDEX ON t (a)');
    const idle = rssMb();
    for (let i = 0; i < WRITES; i += 1) {
      await pg.query('INSERT INTO t (a, b) VALUES ($1, $2)', [`x${i % 500}${'y'.repeat(200)}`, JSON.stringify({ i, s: 'z'.repeat(300) })]);
      if (i % 50 === 0) await pg.query('SELECT a, count(*) FROM t GROUP BY a ORDER BY 2 DESC LIMIT 10');
    }
    console.log(JSON.stringify({ idle, loaded: rssMb() }));
    await pg.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  for (const setting of Object.keys(SETTINGS)) {
    const idle: number[] = [];
    const loaded: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const child = spawnSync(process.execPath, [...process.execArgv, __filename, setting], { encoding: 'utf8' });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      const measured = JSON.parse(line) as { idle: number; loaded: number };
      idle.push(measured.idle);
      loaded.push(measured.loaded);
    }
    console.log(`${setting.padEnd(8)} RSS idle ${median(idle)} MB, after ${WRITES} writes ${median(loaded)} MB (runs: ${idle.join('/')} and ${loaded.join('/')})`);
  }
}

const setting = process.argv[2];
if (setting) void measureOne(setting);
else main();
