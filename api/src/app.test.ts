import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@carebook/shared';
import { buildApp } from './app';
import type { Db } from './db/db';
import { get, post } from '../../testing/api/http';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../testing/api/test-app';

jest.setTimeout(60_000);

describe.each(DRIVERS)('API on %s', (driver) => {
  const env = useTestEnv(driver);

  describe('health, clinic, static files, errors', () => {
    it('answers /health and the clinic time zone', async () => {
      const health = await get(env.app, '/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ success: true, database: driver });
      const clinic = await get(env.app, '/api/v1/clinic');
      expect(clinic.body).toEqual({ success: true, clinic: { timeZone: 'Europe/Berlin' } });
    });

    it('serves doctor photos with their type and long caching', async () => {
      const res = await env.app.inject({ method: 'GET', url: '/static/doctors/doc01.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.body.length).toBeLessThan(8 * 1024);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const again = await env.app.inject({ method: 'GET', url: '/static/doctors/doc01.svg', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it.each(['/static/doctors/nope.svg', '/static/doctors/doc01.txt', '/static/doctors/..%2Fdoctors%2Fdoc01.svg', '/static/doctors/', '/static/doctors/.hidden.svg'])(
      'answers %s, which is not a photo, with the JSON 404',
      async (url) => {
        const res = await env.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: MESSAGES.notFound, code: 'notFound' });
      },
    );

    it('answers unknown routes with a JSON 404', async () => {
      const res = await get(env.app, '/api/v1/nope');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MESSAGES.notFound, code: 'notFound' });
    });

    it('refuses malformed JSON (400), oversize bodies (413) and other media types (415)', async () => {
      const bad = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: MESSAGES.badRequest, code: 'badRequest' });

      const big = await post(env.app, '/api/v1/user/login', { email: 'a@b.co', password: 'x'.repeat(200_000) });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: MESSAGES.requestTooLarge, code: 'requestTooLarge' });

      const text = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().success).toBe(false);
    });

    it('allows CORS only from the configured origins', async () => {
      const allowed = await env.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/user/login',
        headers: { origin: 'http://localhost:3003', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3003');
      const denied = await env.app.inject({
        method: 'GET',
        url: '/api/v1/doctor/all-doctors',
        headers: { origin: 'http://evil.example' },
      });
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

});

describe('server errors', () => {
  it('answers 500 with a generic message and no detail', async () => {
    const failing: Db = {
      driver: 'pglite',
      query: async () => {
        throw new Error('relation "secret_table" does not exist');
      },
      exec: async () => {},
      transaction: async () => {
        throw new Error('boom');
      },
      listen: async () => async () => {},
      close: async () => {},
    };
    const { loadConfig } = await import('./config');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-failing-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    const app = await buildApp({ db: failing, config, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/v1/doctor/all-doctors' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.somethingWentWrong, code: 'somethingWentWrong' });
    expect(res.body).not.toContain('secret_table');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

afterAll(() => stopTestCluster());