// What a first visit to `/` and `/doctors` downloads, and how soon the first doctor card shows.
// Run: npx tsx e2e/bench/doctors-first-visit.ts [runs]   (build the apps first)
import { launchBrowser } from '../../testing/browser/browser';
import { startStack } from '../../testing/browser/stack';

interface Sample {
  jsBytes: number;
  imageBytes: number;
  totalBytes: number;
  requests: number;
  firstCardMs: number;
  cls: number;
}

const ROUTES = ['/', '/doctors'];
const RUNS = Number(process.argv[2] ?? 7);

/** Installed before any script: notes when the first doctor card is in the DOM and painted. */
function observePage(): void {
  const state = { firstCard: -1, cls: 0 };
  Object.assign(window, { __bench: state });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) state.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const watcher = new MutationObserver(() => {
    if (state.firstCard >= 0 || !document.querySelector('main article')) return;
    watcher.disconnect();
    requestAnimationFrame(() => {
      state.firstCard = performance.now();
    });
  });
  document.addEventListener('DOMContentLoaded', () => watcher.observe(document.body, { childList: true, subtree: true }));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  try {
    for (const route of ROUTES) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.addInitScript(observePage);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        const types = new Map<string, string>();
        const sizes = new Map<string, number>();
        cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
        cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
        await page.goto(`${stack.siteUrl}${route}`);
        await page.locator('main article').first().waitFor();
        await page.waitForFunction(() => (window as unknown as { __bench: { firstCard: number } }).__bench.firstCard >= 0);
        await page.waitForLoadState('networkidle');
        const bench = await page.evaluate(() => (window as unknown as { __bench: { firstCard: number; cls: number } }).__bench);
        const sum = (type?: string) =>
          [...sizes].reduce((total, [id, bytes]) => total + (!type || types.get(id) === type ? bytes : 0), 0);
        samples.push({
          jsBytes: sum('Script'),
          imageBytes: sum('Image'),
          totalBytes: sum(),
          requests: sizes.size,
          firstCardMs: bench.firstCard,
          cls: bench.cls,
        });
        await context.close();
      }
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
      console.log(
        `${route.padEnd(9)} runs=${RUNS} js=${(pick('jsBytes') / 1024).toFixed(1)} KB  images=${(pick('imageBytes') / 1024).toFixed(1)} KB  ` +
          `total=${(pick('totalBytes') / 1024).toFixed(1)} KB  requests=${pick('requests')}  ` +
          `first card=${pick('firstCardMs').toFixed(0)} ms  CLS=${pick('cls').toFixed(3)}`,
      );
    }
  } finally {
    await browser.close();
    await stack.close();
  }
}

void main();
