// Gzip JS (bytes on the wire) a first visit to each route downloads, with an empty cache.
// Byte counts do not depend on machine load, so one visit per route is enough.
// Run: npx tsx e2e/bench/route-weights.ts   (build the apps first: npm run build)
import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';

const ROUTES = ['/', '/doctors', '/appointment/doc01', '/login', '/my-appointments', '/about', '/contact'];

async function main(): Promise<void> {
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  try {
    console.log('route                  gzip JS   (of which host)   all bytes   requests');
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map<string, string>();
      const sizes = new Map<string, number>();
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
      });
      cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
      await page.goto(`${stack.siteUrl}${route}`);
      await page.waitForLoadState('networkidle');
      let js = 0;
      let hostJs = 0;
      for (const [id, url] of scripts) {
        js += sizes.get(id) ?? 0;
        if (url.startsWith(stack.siteUrl)) hostJs += sizes.get(id) ?? 0;
      }
      const all = [...sizes.values()].reduce((total, bytes) => total + bytes, 0);
      const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
      console.log(`${route.padEnd(22)}${kb(js)}   ${kb(hostJs)}        ${kb(all)}   ${String(sizes.size).padStart(4)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.close();
  }
}

void main();
