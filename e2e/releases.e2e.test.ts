// A team releases and rolls back its remote while patients have the site open
// (docs/architecture.md, "Releases and rollback").
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { contentHash } from '../servers/releases/release-store';
import { distDir } from '../servers/apps/site-apps';
import { REPO_ROOT } from '../testing/node/repo-root';
import { gotoApp, launchBrowser, openPage, type TrackedPage } from '../testing/browser/browser';
import { untilHostServes } from '../testing/browser/live-release';
import { commandEnv } from '../testing/browser/release-commands';
import { startStack, type Stack } from '../testing/browser/stack';

const run = promisify(execFile);
const LIST_PAGE = path.join(REPO_ROOT, 'remotes/doctors/src/features/doctor-list/doctor-list-page.tsx');
const OLD_TITLE = 'Find a doctor';
const NEW_TITLE = 'Find your doctor';

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

async function tab(route: string): Promise<TrackedPage & { messages: string[] }> {
  const tracked = await openPage(browser);
  opened.push(tracked);
  const messages: string[] = [];
  tracked.page.on('console', (message) => messages.push(message.text()));
  await gotoApp(tracked.page, `${stack.siteUrl}${route}`);
  return { ...tracked, messages };
}

/** The team's command, as they run it, against this stack's releases folder. */
async function cli(command: 'release' | 'rollback' | 'releases', env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', command, '-w', 'remotes/doctors'], {
    cwd: REPO_ROOT,
    env: commandEnv(stack, env),
    timeout: 240_000,
  });
  return stdout.trim();
}

const lastLine = (output: string): string => output.split('\n').at(-1) ?? '';
const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });

async function showList(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'All Doctors' }).first().click();
  await page.waitForURL(/\/doctors$/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('main a[href^="/appointment/"]').first().waitFor();
}

const title = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** The list's title in the HTML the host's server sends (as a browser with no script sees it). */
async function serverTitle(): Promise<string | undefined> {
  const html = await (await fetch(`${stack.siteUrl}/doctors`)).text();
  return /<main[\s\S]*?<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

/** Releases the doctors remote built from a source with a new page title, then restores the source. */
async function releaseChangedSource(): Promise<string> {
  const original = fs.readFileSync(LIST_PAGE, 'utf8');
  const changed = original.replace(`>${OLD_TITLE}<`, `>${NEW_TITLE}<`);
  if (changed === original) throw new Error(`The doctor list no longer says "${OLD_TITLE}": update this test`);
  fs.writeFileSync(LIST_PAGE, changed);
  try {
    return lastLine(await cli('release'));
  } finally {
    fs.writeFileSync(LIST_PAGE, original);
  }
}

describe('releasing the doctors remote while the site is open', () => {
  it('keeps an open tab working, serves the new release to new tabs, and rolls back without a build', async () => {
    const hostBefore = contentHash(distDir('host'));
    const first = stack.site.releases('doctors').live()?.id;
    expect(await serverTitle()).toBe(OLD_TITLE);
    const open = await tab('/');
    await open.page.locator('main a[href^="/appointment/"]').first().waitFor();

    const second = await releaseChangedSource();
    expect(second).not.toBe(first);
    expect(stack.site.releases('doctors').live()?.id).toBe(second);

    // The open tab still runs the first release: its chunks are still served.
    await showList(open.page);
    expect(await title(open.page)).toBe(OLD_TITLE);
    await expect(unavailable(open.page).count()).resolves.toBe(0);
    expect(open.requests.some((url) => url.includes(`/releases/${first}/`))).toBe(true);

    // A new page load, once the host learned the release, gets it and says which one it runs.
    await untilHostServes(stack, 'doctors', second);
    // The server's HTML is the new release's on the next load: no host rebuild, no restart.
    expect(await serverTitle()).toBe(NEW_TITLE);
    const fresh = await tab('/doctors');
    await fresh.page.locator('main a[href^="/appointment/"]').first().waitFor();
    expect(await title(fresh.page)).toBe(NEW_TITLE);
    const config = (await (await fetch(`${stack.siteUrl}/remotes.json`)).json()) as { releases: Record<string, { id: string }> };
    expect(config.releases.doctors?.id).toBe(second);
    expect(fresh.messages.filter((text) => text.startsWith('[carebook] releases:'))).toEqual([
      expect.stringContaining(`doctors ${second}`),
    ]);
    const manifest = (await (await fetch(`${stack.appUrl('doctors')}/mf-manifest.json`)).json()) as {
      metaData: { release: { id: string; builtAt: string } };
    };
    expect(manifest.metaData.release.id).toBe(second);
    expect(Number.isNaN(Date.parse(manifest.metaData.release.builtAt))).toBe(false);

    const listed = await cli('releases');
    expect(listed).toContain(`* ${second}  live`);
    expect(listed).toContain(`  ${first}`);

    const rolledBack = lastLine(await cli('rollback'));
    expect(rolledBack).toBe(first);
    await untilHostServes(stack, 'doctors', rolledBack);
    expect(await serverTitle()).toBe(OLD_TITLE);
    const afterRollback = await tab('/doctors');
    await afterRollback.page.locator('main a[href^="/appointment/"]').first().waitFor();
    expect(await title(afterRollback.page)).toBe(OLD_TITLE);

    // The first tab goes on working after both changes.
    await open.page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await open.page.locator('main a[href^="/appointment/"]').first().waitFor();
    await showList(open.page);
    await expect(unavailable(open.page).count()).resolves.toBe(0);
    expect([...open.pageErrors, ...fresh.pageErrors, ...afterRollback.pageErrors]).toEqual([]);

    expect(contentHash(distDir('host'))).toBe(hostBefore);
  }, 300_000);

  it('recovers by itself when the release an open tab runs was pruned', async () => {
    const store = stack.site.releases('doctors');
    const running = store.live()?.id ?? '';
    const open = await tab('/');
    await open.page.locator('main a[href^="/appointment/"]').first().waitFor();

    // Two newer releases go live in turn and only they are kept (the live one and the one a
    // rollback would go to): the open tab's files are gone.
    const newest = store.list().filter((id) => id !== running).at(-1) ?? '';
    const between = store.add(store.folder(newest));
    store.setLive(between.id);
    const next = store.add(store.folder(newest), new Date(Date.parse(between.builtAt) + 1));
    store.setLive(next.id);
    store.prune(1);
    expect(store.list()).toEqual([between.id, next.id]);
    await untilHostServes(stack, 'doctors', next.id);

    await showList(open.page);
    expect(await title(open.page)).toBe(NEW_TITLE);
    await expect(unavailable(open.page).count()).resolves.toBe(0);
    expect(open.requests.some((url) => url.includes(`/releases/${next.id}/hostEntry.js`))).toBe(true);
  }, 120_000);
});
