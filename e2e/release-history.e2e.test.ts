// A rollback never brings back a release that was rolled back, and pruning keeps good releases
// over bad ones (docs/architecture.md, "Releases and rollback"). Every step runs the team's real
// commands on real builds of the doctors remote, with the site open in a browser.
import type { Page } from 'playwright-core';
import { untilHostServes } from '../testing/browser/live-release';
import { LIST_PAGE, lastLine, releaseCommand, releaseWith, replace, type CommandResult, type Edit } from '../testing/browser/release-commands';
import { useSiteJourney } from '../testing/browser/site-journey';

const { stack, visit } = useSiteJourney();

const TITLE = 'Find a doctor';
const R3_TITLE = 'Find your doctor';
const R4_TITLE = 'Choose your doctor';

/** The doctor list with another title. */
const titled = (title: string): Edit => replace(LIST_PAGE, `>${TITLE}<`, `>${title}<`);

/** A doctor list that throws while rendering: its region shows the "unavailable" fallback. */
const broken: Edit = {
  file: LIST_PAGE,
  change: (source) => {
    const withCall = titled('{brokenTitle()}').change(source);
    return `${withCall}\nfunction brokenTitle(): string {\n  throw new Error('This release breaks the doctor list');\n}\n`;
  },
};

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });
const listTitle = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** The list's title in the HTML the host's server sends (undefined when the list did not render). */
async function serverTitle(): Promise<string | undefined> {
  const html = await (await fetch(`${stack.siteUrl}/doctors`)).text();
  return /<main[\s\S]*?<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

/** The id a command made live (its last line), once the command succeeded. */
function madeLive(result: CommandResult): string {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('Refused') });
  return lastLine(result.stdout);
}

/** A new tab on the doctor list, once it shows doctors. */
async function listTab(): Promise<Page> {
  const { page, pageErrors } = await visit('/doctors');
  await page.locator('main a[href^="/appointment/"]').first().waitFor();
  await expect(unavailable(page).count()).resolves.toBe(0);
  expect(pageErrors).toEqual([]);
  return page;
}

let r1 = '';
let r2 = '';
let r3 = '';

describe('rolling back after a rolled-back release', () => {
  it('good R1, broken R2, rollback, good R3, rollback: R1 is live again, never R2', async () => {
    const store = stack.site.releases('doctors');
    // 1. The stack released the built doctors remote when it started: R1.
    r1 = store.live()?.id ?? '';
    expect(await serverTitle()).toBe(TITLE);

    // 2. R2 breaks the doctor list.
    r2 = madeLive(await releaseWith(stack, [broken]));
    expect(r2).not.toBe(r1);
    await untilHostServes(stack, 'doctors', r2);
    const brokenTab = await visit('/doctors');
    await unavailable(brokenTab.page).waitFor();
    expect(await serverTitle()).toBeUndefined();

    // 3. The team rolls back: R1.
    expect(madeLive(await releaseCommand(stack, 'rollback'))).toBe(r1);
    await untilHostServes(stack, 'doctors', r1);
    expect(await serverTitle()).toBe(TITLE);

    // 4. R3, good.
    r3 = madeLive(await releaseWith(stack, [titled(R3_TITLE)]));
    await untilHostServes(stack, 'doctors', r3);
    expect(await serverTitle()).toBe(R3_TITLE);
    expect(await listTitle(await listTab())).toBe(R3_TITLE);

    // 5. R3 turns out wrong: the rollback goes to R1, live before R3 went live, not to R2.
    const rollback = await releaseCommand(stack, 'rollback');
    expect(madeLive(rollback)).toBe(r1);
    expect(rollback.stdout).toContain(`doctors rolled back from ${r3} to ${r1}`);
    expect(rollback.stdout).toContain(`Why ${r1}: ${r1} was live before ${r3} became live at`);
    expect(store.live()?.id).toBe(r1);
    await untilHostServes(stack, 'doctors', r1);
    expect(await serverTitle()).toBe(TITLE);
    expect(await listTitle(await listTab())).toBe(TITLE);

    // R2 was rolled back: asked for by name, it is refused unless forced, and nothing changes.
    const refused = await releaseCommand(stack, 'rollback', { args: ['--to', r2] });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`Refused: doctors ${r2} was rolled back at `);
    expect(refused.stderr).toContain(`npm run rollback -w remotes/doctors -- --to ${r2} --force`);
    expect(store.live()?.id).toBe(r1);
    expect(store.list()).toEqual([r1, r2, r3]);

    // `releases` shows each release's state and its live periods.
    const listed = (await releaseCommand(stack, 'releases')).stdout.trimEnd().split('\n');
    const at = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
    const entry = (id: string) => listed.slice(listed.findIndex((line) => line.includes(id))).join('\n');
    expect(entry(r1)).toMatch(
      new RegExp(
        `^\\* ${r1}  live +live since ${at} \\(rolled back\\)\n` +
          `      live ${at} \\(released\\) until ${at} \\(released\\)\n` +
          `      live ${at} \\(rolled back\\) until ${at} \\(released\\)\n` +
          `      live ${at} \\(rolled back\\) until now\n`,
      ),
    );
    for (const bad of [r2, r3]) {
      expect(entry(bad)).toMatch(
        new RegExp(`^  ${bad}  rolled back +rolled back at ${at}\n      live ${at} \\(released\\) until ${at} \\(rolled back\\)\n`),
      );
    }
    expect(listed.at(-1)).toContain(`A rollback now has nowhere to go`);
  }, 900_000);
});

describe('pruning with RELEASES_KEEP=2', () => {
  it('after good, bad and good releases keeps the good ones', async () => {
    const store = stack.site.releases('doctors');
    // Kept now: R1 (good, live), R2 and R3 (both rolled back). R4 is good.
    const release = await releaseWith(stack, [titled(R4_TITLE)], { env: { RELEASES_KEEP: '2' } });
    const r4 = madeLive(release);
    expect(release.stdout).toContain(`Pruned: ${r2}, ${r3}`);
    // The live release and the one a rollback would go to; the newest two would have been R3 and R4.
    expect(store.list()).toEqual([r1, r4]);
    await untilHostServes(stack, 'doctors', r4);
    expect(await listTitle(await listTab())).toBe(R4_TITLE);

    const listed = (await releaseCommand(stack, 'releases')).stdout;
    expect(listed).toContain(`Pruned (files gone, history kept):\n  ${r3}  rolled back`);
    expect(listed).toContain(`A rollback now goes to ${r1}: ${r1} was live before ${r4} became live`);

    // And the good release kept is the one a rollback brings back.
    expect(madeLive(await releaseCommand(stack, 'rollback'))).toBe(r1);
    await untilHostServes(stack, 'doctors', r1);
    expect(await serverTitle()).toBe(TITLE);
  }, 600_000);
});
