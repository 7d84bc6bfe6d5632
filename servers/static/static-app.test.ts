import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createAdminServer } from '../admin/admin-app';
import { createHostApp, type HostAppOptions } from '../host/host-app';
import { createReleaseApp } from '../releases/release-app';
import { publishBuild, ReleaseStore } from '../releases/release-store';
import { isHttpsDeployment } from './security-headers';

let root: string;

/** The host's server with a stand-in renderer and no page routes but `/` unless given. */
function hostApp(options: Pick<HostAppOptions, 'root' | 'renderPage'> & Partial<HostAppOptions>): Promise<FastifyInstance> {
  return createHostApp({ pagePaths: [], runtimeConfig: async () => ({ apiUrl: 'http://api.test', adminUrl: 'http://admin.test', remotes: {}, releases: {} }), ...options });
}

/** A built app folder as webpack leaves it: index.html beside its precompressed copy. */
function builtApp(name: string, html: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var app = 1;');
  return dir;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-static-app-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

type AppCase = [string, () => Promise<FastifyInstance>, string];
const apps: AppCase[] = [
  [
    'the host (rendered pages)',
    () => hostApp({ root: builtApp('host', '<title>host</title>'), renderPage: async (url) => ({ status: 200, html: `<p>page ${url}</p>` }) }),
    '<p>page /</p>',
  ],
  [
    "a remote's standalone page (its live release)",
    async () => {
      const store = new ReleaseStore(path.join(root, 'releases'), 'pages');
      await publishBuild(store, builtApp('pages', '<title>pages alone</title>'), 5);
      return createReleaseApp({ releases: store });
    },
    '<title>pages alone</title>',
  ],
  ['the admin app', () => createAdminServer({ apiUrl: 'http://api.test', root: builtApp('admin', '<title>admin</title>') }), '<title>admin</title>'],
];

describe.each(apps)('GET / on %s', (_name, create, page) => {
  it.each([
    ['no Accept-Encoding (curl, uptime monitors)', undefined],
    ['Accept-Encoding: identity', 'identity'],
    ['Accept-Encoding: br only', 'br'],
    ['Accept-Encoding: gzip', 'gzip'],
  ])('answers 200 HTML with %s', async (_label, encoding) => {
    const app = await create();
    try {
      const reply = await app.inject({ url: '/', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      const body = reply.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(reply.rawPayload).toString() : reply.body;
      expect(body).toContain(page);
      const head = await app.inject({ method: 'HEAD', url: '/' });
      expect(head.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('compressed pages', () => {
  it.each([
    ['gzip', 'gzip'],
    ['GZIP, br', 'gzip'],
    ['*', 'gzip'],
    ['gzip;q=0', undefined],
    ['gzip;q=0, br', undefined],
    ['gzip;q=0, *', undefined],
    ['identity', undefined],
  ])('honours Accept-Encoding %j on a rendered page (content-encoding %p)', async (accept, expected) => {
    const app = await hostApp({ root: builtApp('host', '<title>host</title>'), renderPage: async () => ({ status: 200, html: '<p>page</p>' }) });
    try {
      const reply = await app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(expected);
      const body = expected === 'gzip' ? zlib.gunzipSync(reply.rawPayload).toString() : reply.body;
      expect(body).toBe('<p>page</p>');
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('are sent with pages: CSP allowing our origins only, no framing, referrer policy, nosniff, permissions; files get nosniff only', async () => {
    const app = await hostApp({
      root: builtApp('host', '<title>host</title>'),
      renderPage: async () => ({ status: 200, html: '<p>page</p>' }),
      security: { apiUrl: 'http://api.test:4000/', appOrigins: ['http://remote.test:3001/remoteEntry.js'] },
    });
    try {
      const file = await app.inject({ url: '/remoteEntry.js' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBeUndefined();
      expect(file.headers['x-frame-options']).toBeUndefined();
      for (const url of ['/', '/login']) {
        const reply = await app.inject({ url });
        expect(reply.headers['content-type']).toMatch(/^text\/html/);
        const csp = String(reply.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self' http://remote.test:3001;");
        expect(csp).toContain("connect-src 'self' http://api.test:4000 http://remote.test:3001;");
        expect(csp).toContain("img-src 'self' data: blob: http://api.test:4000 http://remote.test:3001;");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe/);
        expect(reply.headers['x-frame-options']).toBe('DENY');
        expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
        expect(reply.headers['permissions-policy']).toContain('geolocation=()');
        expect(reply.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('add HSTS only for an https deployment (SITE_URL, else PUBLIC_URL)', async () => {
    expect(isHttpsDeployment({ SITE_URL: 'https://carebook.example' })).toBe(true);
    expect(isHttpsDeployment({ PUBLIC_URL: 'https://api.carebook.example' })).toBe(true);
    expect(isHttpsDeployment({ SITE_URL: 'http://localhost:3000', PUBLIC_URL: 'https://api.example' })).toBe(false);
    expect(isHttpsDeployment({})).toBe(false);
    const app = await createAdminServer({ apiUrl: 'https://api.test', root: builtApp('admin', '<title>admin</title>'), https: true });
    try {
      const reply = await app.inject({ url: '/' });
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(reply.headers['content-security-policy']).toContain("connect-src 'self' https://api.test;");
    } finally {
      await app.close();
    }
  });
});

describe('page routes', () => {
  it("routes the host's page patterns straight to the renderer and still serves its files", async () => {
    const rendered: string[] = [];
    const app = await hostApp({
      root: builtApp('host', '<title>host</title>'),
      pagePaths: ['/', '/doctors/:speciality?', '/appointment/:docId'],
      renderPage: async (url) => {
        rendered.push(url);
        return { status: 200, html: `<p>page ${url}</p>` };
      },
    });
    try {
      for (const url of ['/doctors', '/doctors/Dermatologist', '/appointment/doc01?date=2026-11-26', '/not/a/route']) {
        const reply = await app.inject({ url });
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toBe(`<p>page ${url}</p>`);
      }
      expect(rendered).toEqual(['/doctors', '/doctors/Dermatologist', '/appointment/doc01?date=2026-11-26', '/not/a/route']);
      const file = await app.inject({ url: '/remoteEntry.js' });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('var app = 1;');
    } finally {
      await app.close();
    }
  });
});
