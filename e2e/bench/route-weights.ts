// Gzip JS (bytes on the wire) a first visit to each route downloads, with an empty cache.
// Byte counts do not depend on machine load, so one visit per route is enough.
// Run: npm run bench:route-weights   (build the apps first: npm run build)
import { FIRST_VISIT_ROUTES } from '../../testing/browser/first-visit-routes';
import { launchBrowser } from '../../testing/browser/browser';
import { weighRoute } from '../../testing/browser/route-weight';
import { startStack } from '../../testing/browser/stack';

async function main(): Promise<void> {
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  try {
    console.log('route                  gzip JS   (of which host)   all bytes   requests');
    for (const route of FIRST_VISIT_ROUTES) {
      const weight = await weighRoute(browser, `${stack.siteUrl}${route}`, stack.siteUrl);
      const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
      console.log(`${route.padEnd(22)}${kb(weight.js)}   ${kb(weight.hostJs)}        ${kb(weight.all)}   ${String(weight.requests).padStart(4)}`);
    }
  } finally {
    await browser.close();
    await stack.close();
  }
}

void main();
