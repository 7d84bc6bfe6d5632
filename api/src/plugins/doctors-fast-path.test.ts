import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { book, registerPatient } from '../../../testing/api/patients';
import { createTestEnv, type TestEnv } from '../../../testing/api/test-app';
import { DOCTORS_PATH } from './doctors-fast-path';

jest.setTimeout(60_000);

/** Over real HTTP (the fast path sits in the server's request handler, which inject() skips). */
describe('the doctor list fast path', () => {
  let env: TestEnv;
  let base: string;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
    await env.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('sends the same bytes and headers as the fastify route, with ETag/304, compression and CORS', async () => {
    const viaFastify = await env.app.inject({ method: 'GET', url: DOCTORS_PATH }); // also warms the cache
    const fast = await fetch(`${base}${DOCTORS_PATH}`, { headers: { origin: 'http://localhost:3000', 'accept-encoding': 'identity' } });
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(viaFastify.body);
    expect(fast.headers.get('etag')).toBe(viaFastify.headers.etag);
    expect(fast.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(fast.headers.get('cache-control')).toBe('no-cache');
    expect(fast.headers.get('x-content-type-options')).toBe('nosniff');
    expect(viaFastify.headers['x-content-type-options']).toBe('nosniff');
    expect(fast.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const stranger = await fetch(`${base}${DOCTORS_PATH}`, { headers: { origin: 'http://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const etag = fast.headers.get('etag') as string;
    const notModified = await fetch(`${base}${DOCTORS_PATH}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');

    // fetch would decode for us; read the raw encodings with node's own client instead.
    const http = await import('node:http');
    const raw = (encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> =>
      new Promise((resolve, reject) => {
        http.get(`${base}${DOCTORS_PATH}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(viaFastify.body);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(viaFastify.body);
  });

  it('follows a booking at once (the cache is rebuilt through fastify, then served fast again)', async () => {
    const before = await fetch(`${base}${DOCTORS_PATH}`);
    const etag = before.headers.get('etag') as string;
    const { token } = await registerPatient(env.app);
    expect((await book(env.app, token, 'doc03', '26_11_2026', '13:00')).status).toBe(201);
    const after = await fetch(`${base}${DOCTORS_PATH}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { doctors: Array<{ _id: string; slots_booked: Record<string, string[]> }> };
    expect(body.doctors.find((d) => d._id === 'doc03')?.slots_booked['26_11_2026']).toContain('13:00');
  });
});
