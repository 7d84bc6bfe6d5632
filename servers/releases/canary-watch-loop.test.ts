import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startCanaryWatch } from './canary-watch';
import { ReleaseStore } from './release-store';

/**
 * The watch's own loop, against a stand-in for the API's check endpoint that holds each check for
 * a while (the real API is exercised in canary-watch.test.ts): a poke that lands while a check is
 * on its way must not leave a second loop behind, which stop() would not end.
 */
const IDLE_MS = 300;
const HOLD_MS = 150;

let root: string;
let server: http.Server;
let apiUrl: string;
const checks: number[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-watch-loop-'));
  server = http.createServer((request, response) => {
    checks.push(Date.now());
    request.resume();
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: true, order: { action: 'none' }, rule: null }));
    }, HOLD_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(10);
}

it('checks nothing once stopped, though poked while a check was on its way', async () => {
  const lines: string[] = [];
  const watch = startCanaryWatch({
    store: new ReleaseStore(root, 'doctors'),
    apiUrl,
    key: 'loop-test-key',
    checkMs: IDLE_MS,
    idleMs: IDLE_MS,
    log: (line) => lines.push(line),
  });
  // The first check is on its way (held by the stand-in): the remote's canary changes meanwhile.
  await until(() => checks.length === 1);
  watch.poke();
  await until(() => checks.length === 2);

  // Both ticks (the timer's and the poke's) came back from that one check and scheduled the next.
  await sleep(2 * (IDLE_MS + HOLD_MS));

  await watch.stop();
  const stoppedAt = checks.length;
  await sleep(3 * IDLE_MS);
  expect(checks.length).toBe(stoppedAt);
  expect(lines).toEqual([]);
});
