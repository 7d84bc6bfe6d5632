import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';
async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const html = await (await fetch(`${stack.siteUrl}/doctors`)).text();
    console.log(html.slice(0, html.indexOf('<body')));
    const browser = await launchBrowser();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/doctors`);
    await page.screenshot({ path: '/tmp/ssr-nojs-doctors-390.png' });
    const c2 = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await c2.newPage();
    await p2.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node; previousRect: DOMRect; currentRect: DOMRect }> }>) {
          console.log('shift', entry.value, JSON.stringify((entry.sources ?? []).map((s) => [(s.node as Element)?.outerHTML?.slice(0, 120), s.previousRect, s.currentRect])));
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    p2.on('console', (m) => console.log('console:', m.text()));
    await p2.goto(`${stack.siteUrl}/doctors`);
    await p2.waitForTimeout(3000);
    await p2.screenshot({ path: '/tmp/ssr-js-doctors-390.png' });
    await browser.close();
  } finally {
    await stack.close();
  }
}
void main();
