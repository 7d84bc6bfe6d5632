// A team releases its remote to half of the patients first (docs/architecture.md, "Canary releases").
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { BUCKET_COOKIE } from '../servers/releases/canary';
import { REPO_ROOT } from '../testing/node/repo-root';
import { gotoApp, launchBrowser, openPage, reloadApp, type TrackedPage } from '../testing/browser/browser';
import { commandEnv } from '../testing/browser/release-commands';
import { startStack, type Stack } from '../testing/browser/stack';

const run = promisify(execFile);
const LIST_PAGE = path.join(REPO_ROOT, 'remotes/doctors/src/features/doctor-list/doctor-list-page.tsx');
const OLD_TITLE = 'Find a doctor';
const NEW_TITLE = 'Find your doctor';
/** Inside a 50% canary (buckets 0-49), and outside it. */
const IN_CANARY = 10;
const OUTSIDE = 70;

let stack: Stack;
let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  for (const tracked of opened) await tracked.context.close();
  await browser?.close();
  await stack?.close();
});

/** The team's command, as they run it, against this stack's releases folder. */
async function cli(command: 'release' | 'rollback' | 'promote' | 'releases', ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', command, '-w', 'remotes/doctors', ...(args.length ? ['--', ...args] : [])], {
    cwd: REPO_ROOT,
    env: commandEnv(stack),
    timeout: 240_000,
  });
  return stdout.trim();
}

const lastLine = (output: string): string => output.split('\n').at(-1) ?? '';

/** Releases the doctors remote built from a source with a new page title as a canary, then restores the source. */
async function releaseCanary(...args: string[]): Promise<string> {
  const original = fs.readFileSync(LIST_PAGE, 'utf8');
  const changed = original.replace(`>${OLD_TITLE}<`, `>${NEW_TITLE}<`);
  if (changed === original) throw new Error(`The doctor list no longer says "${OLD_TITLE}": update this test`);
  fs.writeFileSync(LIST_PAGE, changed);
  try {
    return lastLine(await cli('release', ...args));
  } finally {
    fs.writeFileSync(LIST_PAGE, original);
  }
}

const cookieHeader = (bucket: number) => ({ cookie: `${BUCKET_COOKIE}=${bucket}` });

type Config = { remotes: Record<string, string>; releases: Record<string, { id: string } | null>; canary?: string[] };

/** What the host's server gives a browser in `bucket`: the remote entry (`/remotes.json`) and the page's HTML. */
async function servedTo(bucket: number): Promise<{ config: Config; title: string | undefined; inline: Config }> {
  const config = (await (await fetch(`${stack.siteUrl}/remotes.json`, { headers: cookieHeader(bucket) })).json()) as Config;
  const html = await (await fetch(`${stack.siteUrl}/doctors`, { headers: cookieHeader(bucket) })).text();
  const title = /<main[\s\S]*?<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  const inline = JSON.parse(/<script id="carebook-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Config;
  return { config, title, inline };
}

/** Waits until the host gives `bucket` release `id` of the doctors remote. */
async function untilServedTo(bucket: number, id: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { config } = await servedTo(bucket);
    if (config.releases.doctors?.id === id) return;
    if (Date.now() > deadline) throw new Error(`bucket ${bucket} still gets ${JSON.stringify(config.releases.doctors)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A browser (own cookies) whose bucket cookie is `bucket`, or none yet. */
async function browserWith(bucket: number | null): Promise<TrackedPage> {
  const tracked = await openPage(browser);
  opened.push(tracked);
  if (bucket !== null) await tracked.context.addCookies([{ name: BUCKET_COOKIE, value: String(bucket), url: stack.siteUrl }]);
  return tracked;
}

const title = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** Opens the doctor list in `page` and says which title it shows once the app has taken it over. */
async function listTitle(page: Page, load: 'goto' | 'reload' = 'goto'): Promise<string> {
  if (load === 'goto') await gotoApp(page, `${stack.siteUrl}/doctors`);
  else await reloadApp(page);
  await page.locator('main a[href^="/appointment/"]').first().waitFor();
  return title(page);
}

/** The doctors releases whose files a page asked for (`/releases/<id>/`). */
const doctorsReleasesLoaded = (tracked: TrackedPage): string[] => {
  const origin = stack.appUrl('doctors');
  const ids = tracked.requests.filter((url) => url.startsWith(`${origin}/releases/`)).map((url) => url.slice(origin.length).split('/')[2] ?? '');
  return [...new Set(ids)];
};

describe('a canary release of the doctors remote at 50%', () => {
  it('gives each bucket one release everywhere, sticks across reloads and tabs, and ends by promote and by rollback', async () => {
    const live = stack.site.releases('doctors').live()?.id ?? '';
    expect(live).not.toBe('');

    // --- Released to half of the patients.
    const canary = await releaseCanary('--canary', '50', '--contact', 'doctors-team@carebook.test');
    expect(canary).not.toBe(live);
    expect(stack.site.releases('doctors').live()?.id).toBe(live);
    const listed = await cli('releases');
    expect(listed).toContain(`Canary: ${canary} for 50% of patients (stage 1 of 1; held until promoted or rolled back); the others get ${live}.`);
    expect(listed).toContain('contact doctors-team@carebook.test');
    expect(listed).toContain(`* ${canary}  canary`);

    // The server HTML, the remote entry and the page's inline configuration agree, per bucket.
    await untilServedTo(IN_CANARY, canary);
    const inside = await servedTo(IN_CANARY);
    expect(inside.title).toBe(NEW_TITLE);
    expect(inside.config.remotes.doctors).toContain(`/releases/${canary}/`);
    expect(inside.config.canary).toEqual(['doctors']);
    expect(inside.inline.releases.doctors?.id).toBe(canary);
    expect(inside.inline.remotes.doctors).toBe(inside.config.remotes.doctors);
    const outside = await servedTo(OUTSIDE);
    expect(outside.title).toBe(OLD_TITLE);
    expect(outside.config.releases.doctors?.id).toBe(live);
    expect(outside.config.remotes.doctors).toContain(`/releases/${live}/`);
    expect(outside.config.canary).toBeUndefined();
    expect(outside.inline.releases.doctors?.id).toBe(live);

    // A release while the canary runs is refused before any build, and says how to end it.
    await expect(cli('release')).rejects.toMatchObject({ stderr: expect.stringContaining(`doctors has a canary running (${canary}`) });

    // A browser in the canary gets it on every load and in a second tab, and never loads the live release's files.
    const canaryPatient = await browserWith(IN_CANARY);
    expect(await listTitle(canaryPatient.page)).toBe(NEW_TITLE);
    expect(await listTitle(canaryPatient.page, 'reload')).toBe(NEW_TITLE);
    const secondTab = await canaryPatient.context.newPage();
    secondTab.on('request', (request) => canaryPatient.requests.push(request.url()));
    expect(await listTitle(secondTab)).toBe(NEW_TITLE);
    expect(doctorsReleasesLoaded(canaryPatient)).toEqual([canary]);
    // Another bucket gets the live release, and only its files.
    const livePatient = await browserWith(OUTSIDE);
    expect(await listTitle(livePatient.page)).toBe(OLD_TITLE);
    expect(await listTitle(livePatient.page, 'reload')).toBe(OLD_TITLE);
    expect(doctorsReleasesLoaded(livePatient)).toEqual([live]);

    // A new browser gets a bucket with its first page, keeps it, and runs the release its bucket gives.
    const newcomer = await browserWith(null);
    const first = await listTitle(newcomer.page);
    const cookie = (await newcomer.context.cookies(stack.siteUrl)).find((each) => each.name === BUCKET_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'Lax', httpOnly: true, path: '/' });
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    const bucket = Number(cookie?.value);
    expect(first).toBe(bucket < 50 ? NEW_TITLE : OLD_TITLE);
    expect(await listTitle(newcomer.page, 'reload')).toBe(first);
    expect((await newcomer.context.cookies(stack.siteUrl)).find((each) => each.name === BUCKET_COOKIE)?.value).toBe(cookie?.value);

    // --- Promoted: everyone gets it on their next load.
    expect(lastLine(await cli('promote'))).toBe(canary);
    await untilServedTo(OUTSIDE, canary);
    expect(await listTitle(livePatient.page, 'reload')).toBe(NEW_TITLE);
    expect(await listTitle(canaryPatient.page, 'reload')).toBe(NEW_TITLE);
    expect(await cli('releases')).toContain('No canary running.');

    // --- A canary ended by rollback: the release before, as a canary of the promoted one.
    await stack.site.releases('doctors').startCanary(live, [{ share: 50, durationMs: null }]);
    await untilServedTo(IN_CANARY, live);
    expect(await listTitle(canaryPatient.page, 'reload')).toBe(OLD_TITLE);
    expect(await listTitle(livePatient.page, 'reload')).toBe(NEW_TITLE);
    const rolledBack = await cli('rollback');
    expect(rolledBack).toContain(`the canary ${live} is rolled back`);
    expect(lastLine(rolledBack)).toBe(canary);
    await untilServedTo(IN_CANARY, canary);
    expect(await listTitle(canaryPatient.page, 'reload')).toBe(NEW_TITLE);
    expect((await servedTo(IN_CANARY)).title).toBe(NEW_TITLE);

    expect([...canaryPatient.pageErrors, ...livePatient.pageErrors, ...newcomer.pageErrors]).toEqual([]);
  }, 420_000);
});
