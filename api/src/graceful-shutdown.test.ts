import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from './test-support/spawn-api';

jest.setTimeout(90_000);

interface Answer {
  status: number;
  connection: string | undefined;
}

function send(agent: http.Agent, url: URL, route: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: route,
        method: payload ? 'POST' : 'GET',
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A keep-alive connection that asks once, then sits idle; resolves when the server closes it. */
async function idleConnection(url: URL): Promise<{ closed: Promise<void> }> {
  const socket = net.connect(Number(url.port), url.hostname);
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(seen)) resolve();
    });
    socket.write(`GET /health HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
  });
  return { closed: new Promise((resolve) => socket.once('close', () => resolve())) };
}

describe('graceful shutdown', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-shutdown-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every request of a bounded load after SIGTERM, closes idle keep-alive connections, exits 0', async () => {
    const api = await spawnApi({ DATA_DIR: dir, RATE_LIMIT_AUTH_MAX: '100000' });
    const url = new URL(api.url);
    const idle = await Promise.all(Array.from({ length: 8 }, () => idleConnection(url)));

    const answers: Answer[] = [];
    const failures: string[] = [];
    let signalledAt = Infinity;
    let answeredAfterSignal = 0;
    const deadline = Date.now() + 20_000;
    // 16 keep-alive clients, each on one connection; half log in (slow: a password hash), so
    // some requests are always in flight. A client stops when told `Connection: close`.
    const clients = Array.from({ length: 16 }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let n = 0; n < 400 && Date.now() < deadline; n += 1) {
          const startedAt = Date.now();
          try {
            const answer =
              i % 2 === 0
                ? await send(agent, url, '/api/v1/doctor/all-doctors')
                : await send(agent, url, '/api/v1/user/login', { email: `nobody${i}@example.com`, password: 'wrong-password' });
            answers.push(answer);
            if (startedAt >= signalledAt || Date.now() >= signalledAt) answeredAfterSignal += 1;
            if (answer.status >= 500 && !(answer.status === 503 && answer.connection === 'close')) failures.push(`status ${answer.status}`);
            if (answer.connection === 'close') return;
          } catch (error) {
            failures.push(`client ${i}: ${(error as Error).message}`);
            return;
          }
        }
        failures.push(`client ${i} was never told to close its connection`);
      } finally {
        agent.destroy();
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1500));
    signalledAt = Date.now();
    api.process.kill('SIGTERM');
    await Promise.all(clients);
    await Promise.all(idle.map((c) => c.closed));
    expect(await api.exited).toBe(0);

    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(50);
    expect(answeredAfterSignal).toBeGreaterThanOrEqual(16);
    for (const answer of answers) expect([200, 401, 503]).toContain(answer.status);
  });
});
