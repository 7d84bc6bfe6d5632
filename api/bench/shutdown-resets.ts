import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from '../../testing/api/spawn-api';

/**
 * `npm run bench:shutdown -w api`: how many connections a SIGTERM resets. Each round starts the
 * API (its own process, embedded database), runs clients that open a new connection for every
 * `GET all-doctors`, sends SIGTERM once 200 requests were answered, and counts every outcome
 * (status, or the socket error: ECONNREFUSED is safe to retry, ECONNRESET is what we count).
 * SHUTDOWN_CLIENTS (default 12) in a tight loop; SHUTDOWN_HONOUR=1 makes them wait `Retry-After`
 * after a 503; SHUTDOWN_OPEN=1 instead starts a new client every 4 ms whatever the replies (many
 * users behind a balancer). SHUTDOWN_ROUNDS (default 4).
 */
const ROUNDS = Number(process.env.SHUTDOWN_ROUNDS ?? 4);
const CLIENTS = Number(process.env.SHUTDOWN_CLIENTS ?? 12);
const HONOUR = process.env.SHUTDOWN_HONOUR === '1';
const OPEN = process.env.SHUTDOWN_OPEN === '1';

type Outcome = { status: number; retryAfter: string | undefined } | { error: string };

function ask(url: URL): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request({ host: url.hostname, port: url.port, path: '/api/v1/doctor/all-doctors', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function round(): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-shutdown-bench-'));
  const api = await spawnApi({ DATA_DIR: dir }, { readyTimeoutMs: 180_000 });
  const url = new URL(api.url);
  const counts: Record<string, number> = {};
  let answered = 0;
  let stop = false;
  const record = (outcome: Outcome): void => {
    const name = 'error' in outcome ? outcome.error : String(outcome.status);
    counts[name] = (counts[name] ?? 0) + 1;
    answered += 1;
  };
  const pending: Promise<void>[] = [];
  const load = OPEN
    ? [
        (async () => {
          while (!stop) {
            pending.push(ask(url).then(record));
            await sleep(4);
          }
        })(),
      ]
    : Array.from({ length: CLIENTS }, async () => {
        while (!stop) {
          const outcome = await ask(url);
          record(outcome);
          if ('error' in outcome && outcome.error === 'ECONNREFUSED') return;
          if (HONOUR && 'status' in outcome && outcome.status === 503) await sleep(Number(outcome.retryAfter ?? 1) * 1000);
        }
      });
  while (answered < 200) await sleep(20);
  api.child.kill('SIGTERM');
  const exitCode = await api.exited;
  stop = true;
  await Promise.all(load);
  await Promise.all(pending);
  rmSync(dir, { recursive: true, force: true });
  return { ...counts, [`exit ${exitCode}`]: 1 };
}

async function main(): Promise<void> {
  const totals: Record<string, number> = {};
  for (let i = 0; i < ROUNDS; i += 1) {
    const counts = await round();
    console.log(`round ${i + 1}: ${JSON.stringify(counts)}`);
    for (const [name, count] of Object.entries(counts)) totals[name] = (totals[name] ?? 0) + count;
  }
  console.log(`all rounds: ${JSON.stringify(totals)}`);
}

void main();
