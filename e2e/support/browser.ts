import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page: a journey should end with none. */
  pageErrors: string[];
  /** Every URL the page requested. */
  requests: string[];
}

/** A fresh context (own storage) and page, recording page errors and requests. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    timezoneId: options.timezoneId,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { context, page, pageErrors, requests };
}
