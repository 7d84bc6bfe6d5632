import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@carebook/shared';
import { BUCKET_COOKIE } from '../releases/canary';
import { createHostApp } from './host-app';

let root: string;
let app: FastifyInstance;
/** The buckets the page renderer and the configuration were asked for, in order. */
let asked: { page: number[]; config: number[] };

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-host-app-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<title>host</title>');
  asked = { page: [], config: [] };
});
afterEach(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(https = false): Promise<void> {
  app = await createHostApp({
    root,
    pagePaths: ['/doctors'],
    runtimeConfig: async (bucket): Promise<RuntimeConfig> => {
      asked.config.push(bucket);
      return { apiUrl: 'http://api.test', adminUrl: 'http://admin.test', remotes: {}, releases: { doctors: { id: `for-${bucket}`, builtAt: '2026-11-28T00:00:00.000Z' } } };
    },
    renderPage: async (url, bucket) => {
      asked.page.push(bucket);
      return { status: 200, html: `<p>${url} for bucket ${bucket}</p>` };
    },
    security: { apiUrl: 'http://api.test', appOrigins: [], https },
  });
}

const cookieOf = (header: unknown): number | null => {
  const match = new RegExp(`^${BUCKET_COOKIE}=(\\d+);`).exec(String(header ?? ''));
  return match ? Number(match[1]) : null;
};

describe("the host's bucket cookie", () => {
  it('gives a browser without one a bucket from 0 to 99 with its first page, and renders that page for it', async () => {
    await start();
    const response = await app.inject({ method: 'GET', url: '/doctors' });
    const bucket = cookieOf(response.headers['set-cookie']);
    expect(bucket).not.toBeNull();
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(100);
    expect(response.headers['set-cookie']).toBe(`${BUCKET_COOKIE}=${bucket}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`);
    expect(response.body).toBe(`<p>/doctors for bucket ${bucket}</p>`);
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('reads the bucket a browser has on pages and /remotes.json, and sets nothing more', async () => {
    await start();
    const headers = { cookie: `session=x; ${BUCKET_COOKIE}=37` };
    const page = await app.inject({ method: 'GET', url: '/doctors', headers });
    const config = await app.inject({ method: 'GET', url: '/remotes.json', headers });
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(config.headers['set-cookie']).toBeUndefined();
    expect(asked).toEqual({ page: [37], config: [37] });
    expect((JSON.parse(config.body) as RuntimeConfig).releases.doctors?.id).toBe('for-37');
    expect(config.headers.vary).toBe('Cookie');
  });

  it('replaces a bucket that is not one, and sets it from /remotes.json too', async () => {
    await start();
    const config = await app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie: `${BUCKET_COOKIE}=250` } });
    const bucket = cookieOf(config.headers['set-cookie']);
    expect(bucket).not.toBeNull();
    expect(asked.config).toEqual([bucket]);
  });

  it('marks the cookie Secure on an https deployment', async () => {
    await start(true);
    const response = await app.inject({ method: 'GET', url: '/doctors' });
    const bucket = cookieOf(response.headers['set-cookie']);
    expect(response.headers['set-cookie']).toBe(`${BUCKET_COOKIE}=${bucket}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`);
  });
});

describe('a form of the server page sent before the app', () => {
  it('is answered with its page again (post/redirect/get): nothing of it in an address, nothing rendered from it', async () => {
    await start();
    const response = await app.inject({
      method: 'POST',
      url: '/doctors?from=card',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=pat%40example.test&password=secret-pass',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/doctors?from=card');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('secret-pass');
    expect(asked.page).toEqual([]);
  });

  it('refuses a post of a path that is not a page', async () => {
    await start();
    const response = await app.inject({ method: 'POST', url: '/not-a-page', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
    expect(response.statusCode).toBe(404);
  });
});
