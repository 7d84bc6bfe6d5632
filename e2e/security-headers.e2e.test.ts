// Every page of the site, each remote's own page and the admin app, as served: the security
// headers are on, the Content-Security-Policy blocks nothing the product needs, and `/` answers
// 200 HTML to clients that ask for no compression (curl, uptime monitors).
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { startAdminApp } from '../servers/admin/admin-app';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { launchBrowser, openPage, type TrackedPage } from '../testing/browser/browser';
import { freePort } from '../testing/node/free-port';
import { clinicTomorrow } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';

let stack: Stack;
let browser: Browser;
let adminServer: FastifyInstance;
let adminUrl: string;

beforeAll(async () => {
  const port = await freePort();
  adminUrl = `http://127.0.0.1:${port}`;
  [stack, browser] = await Promise.all([startStack({ extraOrigins: [adminUrl] }), launchBrowser()]);
  adminServer = await startAdminApp({ host: '127.0.0.1', port, apiUrl: stack.apiUrl });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await adminServer?.close();
  await stack?.close();
});

/** GET with no Accept-Encoding header at all (fetch always sends one). */
function plainGet(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      })
      .on('error', reject);
  });
}

/** Opens `url`, waits until the page is quiet, and returns what it recorded. */
async function visit(tracked: TrackedPage, url: string): Promise<Record<string, string>> {
  const response = await tracked.page.goto(url, { waitUntil: 'networkidle' });
  // Late work (a remote's chunk, an image) gets a moment to report a violation.
  await tracked.page.waitForTimeout(300);
  return response?.headers() ?? {};
}

const SITE_ROUTES = [
  '/',
  '/doctors',
  '/doctors/Dermatologist',
  '/appointment/doc01',
  '/login',
  '/about',
  '/contact',
  '/appointments',
  '/no-such-page',
];

describe('the security headers', () => {
  it.each([['host', '/'], ['doctors', '/'], ['booking', '/appointment/doc01'], ['account', '/login'], ['pages', '/about']])(
    '%s answers GET %s with no Accept-Encoding: 200 HTML',
    async (app, route) => {
      const reply = await plainGet(`${stack.appUrl(app)}${route}`);
      expect(reply.status).toBe(200);
      expect(reply.type).toBe('text/html; charset=utf-8');
      expect(reply.body).toMatch(/^<!doctype html>/i);
    },
  );

  it('the admin app answers GET / with no Accept-Encoding: 200 HTML', async () => {
    const reply = await plainGet(`${adminUrl}/`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatch(/^<!doctype html>/i);
  });

  it('are sent with every page: strict CSP, no framing, referrer policy, nosniff, permissions policy', async () => {
    const response = await fetch(`${stack.siteUrl}/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' ");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain(stack.appUrl('booking'));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${stack.apiUrl}`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    // Served over http here: no HSTS (it would pin a name to https that has none).
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('every route under the Content-Security-Policy', () => {
  it.each(SITE_ROUTES)('%s loads with no violation', async (route) => {
    const tracked = await openPage(browser);
    try {
      const headers = await visit(tracked, `${stack.siteUrl}${route}`);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(tracked.cspViolations).toEqual([]);
      expect(tracked.pageErrors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });

  it('my profile and my appointments, logged in with an appointment, load with no violation', async () => {
    const patient = await registerPatient(stack, 'Csp Patient');
    await bookThroughApi(stack, patient.token, { docId: 'doc01', slotDate: clinicTomorrow('UTC').key, slotTime: '12:00' });
    const tracked = await openPage(browser);
    try {
      await signInPage(tracked.page, stack, patient.token);
      await visit(tracked, `${stack.siteUrl}/my-profile`);
      await tracked.page.getByText(patient.name).first().waitFor();
      await visit(tracked, `${stack.siteUrl}/my-appointments`);
      await tracked.page.getByRole('button', { name: /cancel/i }).first().waitFor();
      expect(tracked.cspViolations).toEqual([]);
      expect(tracked.pageErrors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });

  it.each([['doctors', '/'], ['booking', '/appointment/doc01'], ['account', '/login'], ['pages', '/about']])(
    "%s's own page (%s) loads with no violation",
    async (app, route) => {
      const tracked = await openPage(browser);
      try {
        const headers = await visit(tracked, `${stack.appUrl(app)}${route}`);
        expect(headers['x-frame-options']).toBe('DENY');
        expect(tracked.cspViolations).toEqual([]);
      } finally {
        await tracked.context.close();
      }
    },
  );

  it.each(['/login', '/', '/doctors', '/appointments'])('the admin app %s loads with no violation', async (route) => {
    const tracked = await openPage(browser);
    try {
      const headers = await visit(tracked, `${adminUrl}${route}`);
      expect(headers['content-security-policy']).toContain(`connect-src 'self' ${stack.apiUrl}`);
      expect(tracked.cspViolations).toEqual([]);
      expect(tracked.pageErrors).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });
});
