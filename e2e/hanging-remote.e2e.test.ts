// One remote accepts connections and never answers: the host's pages must not wait on it
// (docs/architecture.md, "Releases and rollback": the host learns live releases in the background).
import http from 'node:http';
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { untilHostReports } from './support/live-release';
import { startStack, type Stack } from './support/stack';

/** Routes served by the other remotes (doctors, account). */
const OTHER_ROUTES = ['/', '/doctors', '/login'];
const SAMPLES = 11;
const ALLOWED_EXTRA_MS = 50;

let stack: Stack;
let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  for (const tracked of opened) await tracked.context.close();
  await browser?.close();
  await stack?.close();
});

/** Milliseconds from sending a page request to the first byte of its answer (headers), as a browser asks. */
function firstByteMs(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const request = http.get(url, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' }, agent: false }, (response) => {
      const ms = performance.now() - sentAt;
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve(ms) : reject(new Error(`${url}: ${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Median time to first byte of each route, requests one at a time. */
async function firstByteMedians(routes: string[]): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(routes.map((route) => [route, []]));
  for (let round = 0; round < SAMPLES; round += 1) {
    for (const route of routes) samples[route]?.push(await firstByteMs(`${stack.siteUrl}${route}`));
  }
  return Object.fromEntries(routes.map((route) => [route, median(samples[route] ?? [])]));
}

/** A server on `port` that accepts connections, reads what it is sent and never answers. */
async function listenHanging(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function tab(route: string): Promise<Page> {
  const tracked = await openPage(browser);
  opened.push(tracked);
  // Not `load`: the hanging remote's script would hold that event back.
  await tracked.page.goto(`${stack.siteUrl}${route}`, { waitUntil: 'domcontentloaded' });
  return tracked.page;
}

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });

describe('a remote that accepts connections and never answers', () => {
  it('costs only its own region, and its route recovers by itself when it answers again', async () => {
    // Each route once first, so both runs below find the same warm caches.
    for (const route of OTHER_ROUTES) await firstByteMs(`${stack.siteUrl}${route}`);
    const normal = await firstByteMedians(OTHER_ROUTES);

    const pagesPort = Number(new URL(stack.appUrl('pages')).port);
    await stack.site.stopApp('pages');
    const hanging = await listenHanging(pagesPort);
    try {
      const whileHanging = await firstByteMedians(OTHER_ROUTES);
      console.info(
        `first byte, median of ${SAMPLES} (ms): ${OTHER_ROUTES.map(
          (route) => `${route} ${normal[route]?.toFixed(1)} normal, ${whileHanging[route]?.toFixed(1)} with pages hanging`,
        ).join('; ')}`,
      );
      const slower = OTHER_ROUTES.map((route) => ({ route, extraMs: (whileHanging[route] ?? Infinity) - (normal[route] ?? 0) }));
      expect(slower.filter(({ extraMs }) => extraMs >= ALLOWED_EXTRA_MS)).toEqual([]);

      // The hanging remote's route: the site's frame and the region's loading state at once, then its fallback.
      await untilHostReports(stack, 'pages', (release) => release === null);
      const about = await tab('/about');
      await about.getByRole('navigation').getByRole('link', { name: 'All Doctors' }).first().waitFor();
      await about.locator('main [role="status"]').first().waitFor();
      // The browser gives up on the remote's script after the federation runtime's 20 s.
      await unavailable(about).waitFor({ timeout: 45_000 });
    } finally {
      await hanging.close();
    }

    await stack.site.startApp('pages');
    await untilHostReports(stack, 'pages', (release) => release !== null);
    const recovered = await tab('/about');
    await recovered.getByRole('heading', { name: 'About CareBook', exact: true }).waitFor();
    await expect(unavailable(recovered).count()).resolves.toBe(0);
  }, 180_000);
});
