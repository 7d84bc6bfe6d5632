import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { startAdminApp } from '../../servers/admin/admin-app';
import { adminToken } from './api-calls';
import { gotoApp, launchBrowser, openPage, type TrackedPage } from './browser';
import { freePort } from '../node/free-port';
import { startStack, type Stack, type StackOptions } from './stack';

export type PageOptions = Parameters<typeof openPage>[1];

export interface SiteJourneyOptions {
  /** The stack's settings, read when it starts (so they may use what an earlier `beforeAll` made). */
  stack?: () => StackOptions;
  /** Also serve the admin app (admin/dist) against this stack's API, at `adminUrl`. */
  admin?: boolean;
  /** Fail a test whose pages threw or broke the Content-Security-Policy. */
  noPageErrors?: boolean;
}

export interface SiteJourney {
  /** The running stack; this object is filled in place before the first test, so it may be kept in a const. */
  stack: Stack;
  /** Headless Chromium (set before the first test). */
  browser: Browser;
  /** The admin app's origin (with `admin: true`; set before the first test). */
  adminUrl: string;
  /** A new page in its own context (own storage), closed after the test. */
  fresh(options?: PageOptions): Promise<TrackedPage>;
  /** A new page, as {@link SiteJourney.fresh}, opened at `route` of the patient site. */
  visit(route: string, options?: PageOptions): Promise<TrackedPage>;
  /** A new page of the admin app at `route`, with an admin session already stored (the login form has its own tests). */
  adminPage(route: string, options?: PageOptions): Promise<Page>;
}

/** Where the admin app keeps its session token (localStorage). */
export const ADMIN_TOKEN_KEY = 'carebook-admin-token';

/**
 * Stores a token in the admin app of `page` for its next navigation. The login screen is waited
 * for first: a token stored while the app is still starting would be read by this page too, which
 * would use it (and, for a refused token, end the session and clear it) before the next navigation.
 */
export async function storeAdminToken(page: Page, adminUrl: string, token: string): Promise<void> {
  await page.goto(`${adminUrl}/login`);
  await page.getByRole('heading', { name: 'Staff login', exact: true }).waitFor();
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_KEY, token] as const);
}

/**
 * The built site as deployed (API on a fresh database, the five apps, optionally the admin app)
 * and a browser, for the test file it is called in: started before the first test (up to two
 * minutes on a busy machine), each test's pages closed after it, everything stopped after the last.
 */
export function useSiteJourney(options: SiteJourneyOptions = {}): SiteJourney {
  const opened: TrackedPage[] = [];
  let adminServer: FastifyInstance | undefined;

  const journey: SiteJourney = {
    stack: {} as Stack,
    browser: undefined as unknown as Browser,
    adminUrl: '',
    async fresh(pageOptions) {
      const tracked = await openPage(journey.browser, pageOptions);
      opened.push(tracked);
      return tracked;
    },
    async visit(route, pageOptions) {
      const tracked = await journey.fresh(pageOptions);
      await gotoApp(tracked.page, `${journey.stack.siteUrl}${route}`);
      return tracked;
    },
    async adminPage(route, pageOptions) {
      const { page } = await journey.fresh(pageOptions);
      await storeAdminToken(page, journey.adminUrl, await adminToken(journey.stack));
      await page.goto(`${journey.adminUrl}${route}`);
      return page;
    },
  };

  beforeAll(async () => {
    const stackOptions = options.stack?.() ?? {};
    const adminPort = options.admin ? await freePort() : 0;
    if (options.admin) journey.adminUrl = `http://127.0.0.1:${adminPort}`;
    const extraOrigins = [...(stackOptions.extraOrigins ?? []), ...(options.admin ? [journey.adminUrl] : [])];
    const [stack, browser] = await Promise.all([startStack({ ...stackOptions, extraOrigins }), launchBrowser()]);
    Object.assign(journey.stack, stack);
    journey.browser = browser;
    if (options.admin) adminServer = await startAdminApp({ host: '127.0.0.1', port: adminPort, apiUrl: stack.apiUrl });
  }, 120_000);

  afterEach(async () => {
    const pageErrors: string[] = [];
    for (const tracked of opened.splice(0)) {
      pageErrors.push(...tracked.pageErrors);
      await tracked.context.close();
    }
    if (options.noPageErrors) expect(pageErrors).toEqual([]);
  });

  // The three are independent: stopped at once, the file's end waits for the slowest (the API's
  // graceful stop and its database's close), not for the sum.
  afterAll(async () => {
    await Promise.all([journey.browser?.close(), adminServer?.close(), journey.stack.close?.()]);
  });

  return journey;
}
