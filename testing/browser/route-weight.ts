import type { Browser } from 'playwright-core';

export interface RouteWeight {
  /** Gzip bytes on the wire of every script the first visit downloads. */
  js: number;
  /** The part of `js` from the host's own origin. */
  hostJs: number;
  all: number;
  requests: number;
}

/** A first visit with an empty cache: what it downloads once the page is idle. */
export async function weighRoute(browser: Browser, url: string, hostOrigin: string): Promise<RouteWeight> {
  const context = await browser.newContext();
  try {
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
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    let js = 0;
    let hostJs = 0;
    for (const [id, scriptUrl] of scripts) {
      js += sizes.get(id) ?? 0;
      if (scriptUrl.startsWith(hostOrigin)) hostJs += sizes.get(id) ?? 0;
    }
    const all = [...sizes.values()].reduce((total, bytes) => total + bytes, 0);
    return { js, hostJs, all, requests: sizes.size };
  } finally {
    await context.close();
  }
}
