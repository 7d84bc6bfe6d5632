import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';

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
  /** Uncaught errors thrown in the page, and Content-Security-Policy violations: a journey should end with none. */
  pageErrors: string[];
  /** Content-Security-Policy violations alone (`directive blocked-url`, also in `pageErrors`). */
  cspViolations: string[];
  /** Every URL the page requested. */
  requests: string[];
}

const REPORT_CSP_VIOLATION = '__carebookCspViolation';
// Runs in every document (and frame) before the page's own code: each violation is reported back.
const LISTEN_FOR_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.${REPORT_CSP_VIOLATION}(event.effectiveDirective + ' ' + (event.blockedURI || 'inline') + ' on ' + event.documentURI);
});`;

/**
 * A fresh context (own storage) and page, recording page errors, CSP violations and requests.
 * The site's servers always send their Content-Security-Policy, so every journey runs under it.
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    timezoneId: options.timezoneId,
  });
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const requests: string[] = [];
  await context.exposeFunction(REPORT_CSP_VIOLATION, (violation: string) => {
    cspViolations.push(violation);
    pageErrors.push(`Content-Security-Policy violation: ${violation}`);
  });
  await context.addInitScript({ content: LISTEN_FOR_CSP_VIOLATIONS });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { context, page, pageErrors, cspViolations, requests };
}

/**
 * Opens a page of the site and waits until the app has taken it over (`<html data-app="ready">`).
 * The server's page is on screen and its links work from the load event on, but the app starts a task
 * after its first script: a test of what the app does (forms, menus, client-side navigation) opens the
 * page with this. A test of the server's page itself uses `page.goto`.
 */
export async function gotoApp(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForApp(page);
  return response;
}

/** Reloads a page of the site and waits until the app has taken it over again (see `gotoApp`). */
export async function reloadApp(page: Page): Promise<Response | null> {
  const response = await page.reload();
  await waitForApp(page);
  return response;
}

/** Waits until the app has taken the page over: it marks `<html data-app="ready">` (host/src/app.tsx). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
