import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pickEncoding, matchesEtag } from '../lib/prepared-reply';
import { post } from '../../../testing/api/http';
import { book, registerPatient } from '../../../testing/api/patients';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

const LIST = '/api/v1/doctor/all-doctors';

describe('content negotiation helpers', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['*', 'br'],
  ])('Accept-Encoding %p -> %p', (header, expected) => expect(pickEncoding(header)).toBe(expected));

  it('compares ETags weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe.each(DRIVERS)('conditional and compressed JSON replies on %s', (driver) => {
  const env = useTestEnv(driver);

  it('gives the doctor list an ETag, answers a matching If-None-Match with 304, and changes the tag on a booking', async () => {
    const first = await env.app.inject({ method: 'GET', url: LIST });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    const cors = await env.app.inject({ method: 'GET', url: LIST, headers: { origin: 'http://localhost:3001' } });
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(cors.headers.vary).toMatch(/Origin/);
    expect(cors.headers.vary).toMatch(/Accept-Encoding/);

    const again = await env.app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const { token } = await registerPatient(env.app);
    expect((await book(env.app, token, 'doc02', '25_11_2026', '12:00')).status).toBe(201);
    const changed = await env.app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the doctor list as brotli or gzip when accepted, the same JSON once decoded', async () => {
    const plain = await env.app.inject({ method: 'GET', url: LIST });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await env.app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await env.app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('gives other JSON GETs an ETag and 304, and compresses the large ones', async () => {
    const admin = (await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN)).body.token;
    const headers = { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' };
    const list = await env.app.inject({ method: 'GET', url: '/api/v1/admin/all-doctors', headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).doctors.length).toBeGreaterThan(10);
    const etag = list.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const notModified = await env.app.inject({ method: 'GET', url: '/api/v1/admin/all-doctors', headers: { ...headers, 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const small = await env.app.inject({ method: 'GET', url: '/api/v1/clinic', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.etag).toMatch(/^W\//);
    // Errors are never cached or tagged.
    const missing = await env.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(missing.headers.etag).toBeUndefined();
  });
});

afterAll(() => stopTestCluster());
