// Telemetry per release from real pages, and the admin app's Releases page acting on a canary (issue
// 42): the built site in Chromium, the real API, each remote's release server running its canary watch.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminReleasesReply, AuditReply } from '@carebook/shared';
import { BUCKET_COOKIE } from '../servers/releases/canary';
import { adminToken } from '../testing/browser/api-calls';
import { openPage } from '../testing/browser/browser';
import { commandEnv } from '../testing/browser/release-commands';
import { useSiteJourney } from '../testing/browser/site-journey';
import { REPO_ROOT } from '../testing/node/repo-root';

const run = promisify(execFile);
const journey = useSiteJourney({
  admin: true,
  stack: () => ({
    releasesApiKey: 'e2e-releases-key-for-the-canary-watch',
    // Every page of this test comes from 127.0.0.1: the per-address limit would stop it.
    env: { TELEMETRY_RATE_MAX_PER_ADDRESS: '100000' },
  }),
});
const { stack } = journey;

const LIST_PAGE = path.join(REPO_ROOT, 'remotes/doctors/src/features/doctor-list/doctor-list-page.tsx');
const TITLE = '<h1 className={styles.title}>Find a doctor</h1>';
const CONTACT = 'doctors-team@carebook.test';
const UNAVAILABLE = 'This part of the site is unavailable right now';
/** Inside a 50% canary (buckets 0-49), and outside it. */
const IN_CANARY = 10;
const OUTSIDE = 70;

/** The team's command, as they run it, against this stack's releases folder. */
async function cli(command: 'release' | 'releases', ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', command, '-w', 'remotes/doctors', ...(args.length ? ['--', ...args] : [])], {
    cwd: REPO_ROOT,
    env: commandEnv(stack),
    timeout: 300_000,
  });
  return stdout.trim();
}

/** Releases the doctors remote built from the list page changed by `change`, then restores the source. */
async function releaseChanged(change: (source: string) => string, ...args: string[]): Promise<string> {
  const original = fs.readFileSync(LIST_PAGE, 'utf8');
  const changed = change(original);
  if (changed === original) throw new Error('The doctor list page changed: update this test');
  fs.writeFileSync(LIST_PAGE, changed);
  try {
    return (await cli('release', ...args)).split('\n').at(-1) ?? '';
  } finally {
    fs.writeFileSync(LIST_PAGE, original);
  }
}

/** A healthy change: a new title. */
const newTitle = (source: string): string => source.replace(TITLE, '<h1 className={styles.title}>Find your doctor</h1>');

async function admin<T>(route: string, body?: object): Promise<T> {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${await adminToken(stack)}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

async function doctorsFigures(): Promise<AdminReleasesReply['remotes'][number] | undefined> {
  return (await admin<AdminReleasesReply>('/api/v1/admin/releases?window=hour')).remotes.find((remote) => remote.remote === 'doctors');
}

/** The doctors release the host gives a browser in `bucket`. */
async function servedTo(bucket: number): Promise<string | undefined> {
  const response = await fetch(`${stack.siteUrl}/remotes.json`, { headers: { cookie: `${BUCKET_COOKIE}=${bucket}` } });
  return ((await response.json()) as { releases: Record<string, { id: string } | null> }).releases.doctors?.id;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Browsers whose page was left: a page sends its beacon as it is left, and a browser closed at once
 * can drop it (canary-withdrawal.e2e saw about 40% lost on a loaded machine; Playwright does not see
 * a beacon sent on pagehide). They stay open until the test has read its figures.
 */
const left: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(left.splice(0).map((context) => context.close()));
});

async function leave(tracked: { context: BrowserContext; page: Page }): Promise<void> {
  try {
    await tracked.page.goto('about:blank');
  } finally {
    left.push(tracked.context);
  }
}

/**
 * One page view of the doctor list from a new browser (its own bucket), until the list or the
 * region's fallback shows; then the page is left, which sends its beacon. Says what it showed.
 */
async function viewList(bucket: number | null = null): Promise<'list' | 'fallback'> {
  const tracked = await openPage(journey.browser);
  try {
    if (bucket !== null) await tracked.context.addCookies([{ name: BUCKET_COOKIE, value: String(bucket), url: stack.siteUrl }]);
    return await showList(tracked.page);
  } finally {
    await leave(tracked);
  }
}

async function showList(page: Page): Promise<'list' | 'fallback'> {
  await page.goto(`${stack.siteUrl}/doctors`);
  await page.locator('html[data-app="ready"]').waitFor();
  const list = page.locator('main a[href^="/appointment/"]').first();
  const fallback = page.getByRole('heading', { name: UNAVAILABLE });
  await list.or(fallback).waitFor();
  return (await fallback.isVisible()) ? 'fallback' : 'list';
}

describe('telemetry per release', () => {
  it("counts a real page's view for the live release, and a remote that failed to load as an error of its release", async () => {
    const live = stack.site.releases('doctors').live()?.id ?? '';
    const booking = stack.site.releases('booking').live()?.id ?? '';
    expect(await viewList()).toBe('list');
    // The booking remote's files do not come: its region fails to load on the doctor's page.
    const tracked = await openPage(journey.browser);
    await tracked.context.route(`${stack.appUrl('booking')}/**`, (route) => route.abort());
    await tracked.page.goto(`${stack.siteUrl}/doctors`);
    await tracked.page.locator('html[data-app="ready"]').waitFor();
    await tracked.page.locator('main a[href^="/appointment/"]').first().click();
    await tracked.page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    await leave(tracked);

    const figures = await until(
      'the beacons to be counted',
      async () => {
        const reply = await admin<AdminReleasesReply>('/api/v1/admin/releases?window=hour');
        const doctors = reply.remotes.find((remote) => remote.remote === 'doctors')?.releases.find((release) => release.release === live);
        const failed = reply.remotes.find((remote) => remote.remote === 'booking')?.releases.find((release) => release.release === booking);
        return doctors && doctors.views >= 2 && failed && failed.errorViews >= 1 ? { doctors, failed } : null;
      },
      15_000,
    );
    expect(figures.doctors).toMatchObject({ role: 'live', errorViews: 0 });
    expect(figures.failed).toMatchObject({ role: 'live', views: 1, errorViews: 1, errorRate: 1 });
  }, 120_000);

  it('shows a running canary and its figures on the admin Releases page, and its Promote works', async () => {
    const live = stack.site.releases('doctors').live()?.id ?? '';
    const canary = await releaseChanged(newTitle, '--canary', '50', '--contact', CONTACT);
    expect(canary).not.toBe(live);
    await until('the canary to be served', async () => (await servedTo(IN_CANARY)) === canary, 20_000);
    expect(await viewList(IN_CANARY)).toBe('list');
    expect(await viewList(OUTSIDE)).toBe('list');
    // The remote's server reports to the API every 60 s while no canary runs, every 10 s while one does.
    await until('the canary watch to report it', async () => (await doctorsFigures())?.canary?.id === canary, 90_000);
    await until(
      "the canary's view to count",
      async () => (await doctorsFigures())?.releases.some((release) => release.release === canary && release.views >= 1),
      20_000,
    );

    const page = await journey.adminPage('/releases');
    const doctors = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'doctors', exact: true }) });
    await doctors.getByText(`${canary}: 50% of patients`).waitFor();
    await expect(doctors.getByText(`Contact: ${CONTACT}.`).count()).resolves.toBe(1);
    const table = doctors.getByRole('table', { name: 'doctors per release over the last hour' });
    const canaryRow = table.getByRole('row', { name: new RegExp(`^${canary} \\(canary\\) 1 0 0\\.0%`) });
    await canaryRow.waitFor();
    await table.getByRole('row', { name: new RegExp(`^${live} \\(live\\) \\d+ 0 0\\.0%`) }).waitFor();
    // Four charts: the two per-minute ones always drawn; a vitals one drawn once a page of these
    // releases reported that figure, otherwise saying so (whether Chromium has sent an INP by now
    // depends on its own timing).
    const charts = doctors.getByRole('group', { name: 'Charts of doctors over the last hour' }).locator('figure');
    await expect(charts.count()).resolves.toBe(4);
    for (const [index, caption] of ['Page views per minute', 'Error rate per minute (%)', 'p75 LCP per release (ms)', 'p75 INP per release (ms)'].entries()) {
      const chart = charts.nth(index);
      await expect(chart.locator('figcaption').textContent()).resolves.toBe(caption);
      const drawn = await chart.locator('.recharts-wrapper').count();
      const none = await chart.getByText(/^None yet: no page of these releases has reported/).count();
      const perMinute = index < 2;
      expect({ caption, drawn, none }).toEqual({ caption, drawn: perMinute ? 1 : drawn, none: perMinute ? 0 : 1 - drawn });
    }
    await doctors.getByRole('button', { name: `Promote ${canary}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Promote', exact: true }).click();
    await page.getByText("doctors's server carries it out at its next check").waitFor();
    await until('the promotion', async () => (await servedTo(OUTSIDE)) === canary, 30_000);
    expect(stack.site.releases('doctors').live()?.id).toBe(canary);
    const audit = await admin<AuditReply>('/api/v1/admin/audit?action=release.canary-promote');
    expect(audit.entries[0]?.changes).toMatchObject({ remote: 'doctors', canary, by: 'staff' });
  }, 300_000);
});
