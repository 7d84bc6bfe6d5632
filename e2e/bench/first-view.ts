// First view on a slow phone (docs/architecture.md, "First view"): Chromium at 390 px with 400 ms
// round trips and 400 kbit/s each way, empty cache; median of N visits per route of first paint,
// first doctor's name visible (on the doctor page: the name and a time to book) and bytes on the wire.
// Run: npm run bench:first-view [-- N]   (build first: npm run build)
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';

const VISITS = Number(process.argv[2] ?? 3);
const NETWORK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const ROUTES = [
  { route: '/', paint: 1500, content: 2500 },
  { route: '/doctors', paint: 1500, content: 2500 },
  { route: '/appointment/doc01', paint: 1500, content: 3000 },
];

/** Runs in the page from its first byte: notes when the route's main content first shows. */
const WATCH_CONTENT = `(() => {
  const seen = () => {
    const names = [...document.querySelectorAll('main h1, main h2, main h3, main a[href^="/appointment/"], main p')]
      .some((el) => /\\bDr\\.\\s/.test(el.textContent || '') && el.getBoundingClientRect().height > 0);
    if (!location.pathname.startsWith('/appointment/')) return names;
    const slot = [...document.querySelectorAll('main button, main [role="radio"], main span')]
      .some((el) => /^\\s*\\d{1,2}:\\d{2}/.test(el.textContent || '') && el.getBoundingClientRect().height > 0);
    return names && slot;
  };
  const tick = () => {
    if (document.body && seen()) { window.__contentAt = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Visit {
  paint: number;
  content: number;
  bytes: number;
  jsBytes: number;
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const sizes = new Map<string, number>();
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
  await page.addInitScript(WATCH_CONTENT);
  await page.goto(url, { timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __contentAt?: number }).__contentAt, undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    content: (window as unknown as { __contentAt: number }).__contentAt,
  }));
  let jsBytes = 0;
  for (const id of scripts) jsBytes += sizes.get(id) ?? 0;
  const bytes = [...sizes.values()].reduce((total, size) => total + size, 0);
  await context.close();
  return { ...timing, bytes, jsBytes };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main(): Promise<void> {
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  try {
    console.log(`First view, 390 px, 400 ms RTT, 400 kbit/s, empty cache; median of ${VISITS}`);
    console.log('route                 first paint (budget)   content (budget)   JS gzip   all bytes');
    for (const { route, paint, content } of ROUTES) {
      const visits: Visit[] = [];
      for (let i = 0; i < VISITS; i += 1) visits.push(await visit(browser, `${stack.siteUrl}${route}`));
      const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
      const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
      const fp = median(visits.map((v) => v.paint));
      const fc = median(visits.map((v) => v.content));
      console.log(
        `${route.padEnd(22)}${`${s(fp)} (${s(paint)})`.padEnd(23)}${`${s(fc)} (${s(content)})`.padEnd(19)}` +
          `${kb(median(visits.map((v) => v.jsBytes))).padEnd(10)}${kb(median(visits.map((v) => v.bytes)))}`,
      );
    }
  } finally {
    await browser.close();
    await stack.close();
  }
}

void main();
