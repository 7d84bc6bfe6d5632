// One remote accepts connections and never answers: the host's pages must not wait on it
// (docs/architecture.md, "Releases and rollback": the host learns live releases in the background).
import http from 'node:http';
import net from 'node:net';
import type { Page } from 'playwright-core';
import { untilHostReports } from '../testing/browser/live-release';
import { useSiteJourney } from '../testing/browser/site-journey';

/** Routes served by the other remotes (doctors, account). */
const OTHER_ROUTES = ['/', '/doctors', '/login'];
/** Normal and hanging measured in turns, so the machine's changing load weighs on both alike. */
const TURNS = 8;
const ROUNDS_PER_TURN = 3;
const ALLOWED_EXTRA_MS = 50;

const { stack, fresh } = useSiteJourney();

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

type Samples = Record<string, number[]>;

const noSamples = (): Samples => Object.fromEntries(OTHER_ROUTES.map((route) => [route, []]));

/** Times to first byte of each route, requests one at a time, added to `samples`. */
async function sampleFirstBytes(samples: Samples): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_TURN; round += 1) {
    for (const route of OTHER_ROUTES) samples[route]?.push(await firstByteMs(`${stack.siteUrl}${route}`));
  }
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
  const tracked = await fresh();
  // Not `load`: the hanging remote's script would hold that event back.
  await tracked.page.goto(`${stack.siteUrl}${route}`, { waitUntil: 'domcontentloaded' });
  return tracked.page;
}

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });

describe('a remote that accepts connections and never answers', () => {
  it('costs only its own region, and its route recovers by itself when it answers again', async () => {
    // Each route once first, so every turn below finds the same warm caches.
    for (const route of OTHER_ROUTES) await firstByteMs(`${stack.siteUrl}${route}`);
    const pagesPort = Number(new URL(stack.appUrl('pages')).port);
    const hangPages = async (): Promise<{ close(): Promise<void> }> => {
      await stack.site.stopApp('pages');
      return listenHanging(pagesPort);
    };

    const normalSamples = noSamples();
    const hangingSamples = noSamples();
    for (let turn = 0; turn < TURNS; turn += 1) {
      await sampleFirstBytes(normalSamples);
      const hanging = await hangPages();
      try {
        await sampleFirstBytes(hangingSamples);
      } finally {
        await hanging.close();
        await stack.site.startApp('pages');
      }
    }
    const medians = OTHER_ROUTES.map((route) => ({
      route,
      normalMs: median(normalSamples[route] ?? []),
      hangingMs: median(hangingSamples[route] ?? []),
    }));
    console.info(
      `first byte, median of ${TURNS * ROUNDS_PER_TURN} (ms): ${medians
        .map(({ route, normalMs, hangingMs }) => `${route} ${normalMs.toFixed(1)} normal, ${hangingMs.toFixed(1)} with pages hanging`)
        .join('; ')}`,
    );
    expect(medians.filter(({ normalMs, hangingMs }) => !(hangingMs - normalMs < ALLOWED_EXTRA_MS))).toEqual([]);

    const hanging = await hangPages();
    try {
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
