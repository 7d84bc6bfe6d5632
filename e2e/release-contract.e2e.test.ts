// What a remote's release may rely on: shared helpers it was built with always work (they are
// bundled into the release); names it needs from the host's singletons must be provided by the
// live host, or the release command refuses it and nothing changes.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { contentHash } from '../servers/releases/release-store';
import { distDir } from '../servers/apps/site-apps';
import { REPO_ROOT } from '../testing/node/repo-root';
import { untilHostServes } from '../testing/browser/live-release';
import { LIST_PAGE, releaseWith as releaseIn, replace, type Edit } from '../testing/browser/release-commands';
import { useSiteJourney } from '../testing/browser/site-journey';

const SHARED_INDEX = path.join(REPO_ROOT, 'shared/src/index.ts');
const NEW_HELPER = path.join(REPO_ROOT, 'shared/src/domain/release-probe.ts');
const CONTEXT_TYPE = path.join(REPO_ROOT, 'shared/src/react/app-context.ts');
const PROVIDER = path.join(REPO_ROOT, 'shared/src/react/app-provider.tsx');
const ROUTER = path.join(REPO_ROOT, 'shared/src/react/router.ts');
const TITLE = '>Find a doctor<';

const { stack, visit: tab } = useSiteJourney();

const releaseWith = (edits: Edit[], workspace?: string) => releaseIn(stack, edits, { workspace });

/** The doctor list's title, rewritten with an expression the release's code computes. */
function titleFrom(expression: string, importLine: string): Edit {
  return {
    file: LIST_PAGE,
    change: (source) => {
      const current = source ?? '';
      if (!current.includes(TITLE)) throw new Error(`The doctor list no longer has ${TITLE}: update this test`);
      return `${importLine}\n${current.replace(TITLE, `>{${expression}}<`)}`;
    },
  };
}

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });
const listTitle = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

async function showList(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'All Doctors' }).first().click();
  await page.waitForURL(/\/doctors$/);
  await page.locator('main a[href^="/appointment/"]').first().waitFor();
}

describe('a remote release that uses shared helpers newer than the live host', () => {
  it('goes live and works, in a new tab and in a tab opened before the release', async () => {
    const before = await tab('/');
    await before.page.locator('main a[href^="/appointment/"]').first().waitFor();
    const live = stack.site.releases('doctors').live()?.id;

    const released = await releaseWith([
      { file: NEW_HELPER, change: () => "/** Added after the host was built. */\nexport function releaseProbe(): string {\n  return 'Find a doctor today';\n}\n" },
      { file: SHARED_INDEX, change: (source) => `${source ?? ''}export * from './domain/release-probe';\n` },
      titleFrom('releaseProbe()', "import { releaseProbe } from '@carebook/shared';"),
    ]);
    expect({ code: released.code, stderr: released.stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('Refused') });
    const next = stack.site.releases('doctors').live()?.id;
    expect(next).not.toBe(live);

    await untilHostServes(stack, 'doctors', next ?? '');
    const fresh = await tab('/doctors');
    await fresh.page.locator('main a[href^="/appointment/"]').first().waitFor();
    expect(await listTitle(fresh.page)).toBe('Find a doctor today');
    await expect(unavailable(fresh.page).count()).resolves.toBe(0);

    // The tab opened before the release still runs the release it started with.
    await showList(before.page);
    expect(await listTitle(before.page)).toBe('Find a doctor');
    await expect(unavailable(before.page).count()).resolves.toBe(0);
    expect([...before.pageErrors, ...fresh.pageErrors]).toEqual([]);
  }, 300_000);
});

describe('a remote release that needs more from the singletons than the live host provides', () => {
  it('is refused with the package and the missing names, and nothing changes', async () => {
    const store = stack.site.releases('doctors');
    const live = store.live()?.id;
    const kept = store.list();

    const refused = await releaseWith([
      // A new context field and a new router name, provided by this source tree's shared code
      // (so the build itself works) but not by the live host, built before them.
      replace(CONTEXT_TYPE, '  adminUrl: string;\n', '  adminUrl: string;\n  clinicPhone: string;\n'),
      replace(PROVIDER, '      adminUrl,\n    }),', "      adminUrl,\n      clinicPhone: '+1 555 0100',\n    }),"),
      replace(ROUTER, '  useParams,\n', '  useMatch,\n  useParams,\n'),
      titleFrom("useApp().clinicPhone + String(Boolean(useMatch('/doctors')))", "import { useMatch } from '@carebook/shared/router';"),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Refused: this build of doctors would break the site, so it was not released');
    expect(refused.stderr).toContain(
      "@carebook/shared/react: this build of doctors reads the context field clinicPhone, which the live host's context (@carebook/shared/react 1.1.0) does not provide",
    );
    expect(refused.stderr).toContain('@carebook/shared/router: this build of doctors uses useMatch, which the live host (@carebook/shared/router 1.0.0) does not provide');

    expect(store.live()?.id).toBe(live);
    expect(store.list()).toEqual(kept);
    const fresh = await tab('/doctors');
    await fresh.page.locator('main a[href^="/appointment/"]').first().waitFor();
    await expect(unavailable(fresh.page).count()).resolves.toBe(0);
    expect(fresh.pageErrors).toEqual([]);
  }, 300_000);
});

describe('a host release that drops a name a live remote uses', () => {
  it('is refused with the package, the release and the name, and the served host stays as it was', async () => {
    const served = contentHash(distDir('host'));
    const liveDoctors = stack.site.releases('doctors').live()?.id;
    // The host itself never uses useParams; the remotes' live releases do.
    const refused = await releaseWith([replace(ROUTER, '  useParams,\n', '')], 'host');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Refused: this build of the host would break live remotes, so it was not released');
    expect(refused.stderr).toContain(
      `@carebook/shared/router: the live doctors release ${liveDoctors} uses useParams, which this host build no longer provides`,
    );
    expect(contentHash(distDir('host'))).toBe(served);
    const fresh = await tab('/doctors');
    await fresh.page.locator('main a[href^="/appointment/"]').first().waitFor();
    expect(fresh.pageErrors).toEqual([]);
  }, 400_000);
});
