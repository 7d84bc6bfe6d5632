import type { Browser } from 'playwright-core';
import { gotoApp, launchBrowser } from './support/browser';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let browser: Browser;
beforeAll(async () => { [stack, browser] = await Promise.all([startStack(), launchBrowser()]); }, 120_000);
afterAll(async () => { await browser?.close(); await stack?.close(); });

it('diag', async () => {
  const out: unknown[] = [];
  for (let i = 0; i < 12; i++) {
    for (const route of ['/', '/doctors', '/appointment/doc01']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state = window as unknown as { __shifts: unknown[] };
      state.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
          state.__shifts.push({ t: entry.startTime, v: entry.value, s: entry.sources.map((s) => ({ n: s.node ? ((s.node as Element).outerHTML ?? s.node.textContent ?? '').slice(0, 200) : null, p: JSON.stringify(s.previousRect), c: JSON.stringify(s.currentRect) })) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await gotoApp(page, `${stack.siteUrl}${route}`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);
    if (shifts.length) out.push({ i, route, shifts });
    await context.close();
    }
  }
  console.log(JSON.stringify(out, null, 1));
}, 600_000);
