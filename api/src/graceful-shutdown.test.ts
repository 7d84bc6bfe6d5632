import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from '../../testing/api/spawn-api';

jest.setTimeout(180_000);

interface Answer {
  status: number;
  connection: string | undefined;
  retryAfter: string | undefined;
  body: string;
}

function send(agent: http.Agent | false, url: URL, route: string, body?: unknown): Promise<Answer> {
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
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            retryAfter: res.headers['retry-after'],
            body: text,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A failure unless it is the product's answer: 200/401, or its own 503 with `Retry-After` and `Connection: close`. */
function problemWith(answer: Answer): string | null {
  if (answer.status === 200 || answer.status === 401) return null;
  if (answer.status !== 503) return `status ${answer.status}`;
  if (answer.connection !== 'close' || answer.retryAfter === undefined) return `503 without Connection: close and Retry-After`;
  const body = JSON.parse(answer.body) as { success?: unknown; message?: unknown };
  return body.success === false && typeof body.message === 'string' ? null : `503 body ${answer.body}`;
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

  it('answers every request of a load after SIGTERM with the product, resets no busy connection, closes idle ones, exits 0', async () => {
    const api = await spawnApi({ DATA_DIR: dir, RATE_LIMIT_AUTH_MAX: '100000' });
    const url = new URL(api.url);
    const idle = await Promise.all(Array.from({ length: 8 }, () => idleConnection(url)));

    const answers: Answer[] = [];
    const failures: string[] = [];
    let signalledAt = Infinity;
    let answeredAfterSignal = 0;
    const deadline = Date.now() + 30_000;
    const call = (agent: http.Agent | false, i: number): Promise<Answer> =>
      i % 2 === 0
        ? send(agent, url, '/api/v1/doctor/all-doctors')
        : send(agent, url, '/api/v1/user/login', { email: `nobody${i}@example.com`, password: 'wrong-password' });
    // 16 keep-alive clients, each on one connection, asking until told `Connection: close`; half
    // log in (slow: a password hash), so some requests are always in flight.
    const keepAliveClients = Array.from({ length: 16 }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (Date.now() < deadline) {
          const startedAt = Date.now();
          try {
            const answer = await call(agent, i);
            answers.push(answer);
            if (startedAt >= signalledAt || Date.now() >= signalledAt) answeredAfterSignal += 1;
            const problem = problemWith(answer);
            if (problem) failures.push(problem);
            if (answer.connection === 'close') return;
          } catch (error) {
            failures.push(`keep-alive client ${i}: ${(error as Error).message}`);
            return;
          }
        }
        failures.push(`keep-alive client ${i} was never told to close its connection`);
      } finally {
        agent.destroy();
      }
    });
    // Signal only once every client is busy, so the load spans the shutdown whatever the machine's speed.
    while (answers.length < 32 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await Promise.all(keepAliveClients);
    await Promise.all(idle.map((c) => c.closed));
    expect(await api.exited).toBe(0);

    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(32);
    expect(answeredAfterSignal).toBeGreaterThanOrEqual(16);
  });
});
