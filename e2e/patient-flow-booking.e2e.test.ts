import type { Page } from 'playwright-core';
import { formatShortDay, formatTime, generateSlotDays, type SlotDay } from '@carebook/shared';
import { dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';

const { visit } = useSiteJourney();

function days(): SlotDay[] {
  return generateSlotDays({ now: new Date(), timeZone: 'UTC' });
}

const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    // A native radio button is named by its label.
    if (active instanceof HTMLInputElement && active.type === 'radio') return `radio:${active.labels?.[0]?.textContent?.trim()}`;
    return `${active?.getAttribute('role') ?? active?.tagName.toLowerCase()}:${active?.textContent?.trim()}`;
  });

/** Heading levels in document order, e.g. [1, 2, 2, 3]. */
const headingLevels = (page: Page) =>
  page.locator('main h1, main h2, main h3, main h4').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));

describe.each(VIEWPORTS)('the slot picker on %s', (name, viewport) => {
  it('is two radiogroups, one Tab stop each, moved with the arrow keys; Tab then reaches Book', async () => {
    const { page } = await visit('/appointment/doc03', { viewport });
    const [, second, third] = days();
    if (!second || !third) throw new Error('no days');
    const first = dayChoice(page, second);
    await first.waitFor();
    await first.click();
    await page.keyboard.press('ArrowRight');
    expect(await activeName(page)).toBe(`radio:${formatShortDay(third)}`);
    await expect(dayChoice(page, third).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByRole('radiogroup', { name: 'Day', exact: true }).locator('[tabindex="0"]').count()).resolves.toBe(1);

    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('radio:10:00 AM');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(timeChoice(page, '11:00').isChecked()).resolves.toBe(true);
    await page.getByText(`Selected: ${formatShortDay(third)} · ${formatTime('11:00')}`, { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('button:Book Appointment');
  });

  it('shows weekday, date and month on each day and fills the width with times', async () => {
    const { page } = await visit('/appointment/doc03', { viewport });
    const [, second] = days();
    if (!second) throw new Error('no day');
    await dayChoice(page, second).click();
    const strip = page.getByRole('radiogroup', { name: 'Day', exact: true });
    const month = formatShortDay(second).split(' ')[2] ?? '';
    await expect(dayChoice(page, second).innerText()).resolves.toContain(month);
    const grid = page.getByRole('radiogroup', { name: /^Times on / });
    const widths = await grid.evaluate((node) => {
      // Each time's chip: the label around its radio button.
      const times = Array.from(node.querySelectorAll('label')).map((chip) => chip.getBoundingClientRect());
      const box = node.getBoundingClientRect();
      const rowTop = times[0]?.top ?? 0;
      const firstRow = times.filter((time) => Math.abs(time.top - rowTop) < 2);
      const rowRight = Math.max(...firstRow.map((time) => time.right));
      return { columns: firstRow.length, gapAtRight: box.right - rowRight };
    });
    expect(widths.columns).toBeGreaterThanOrEqual(3);
    expect(widths.gapAtRight).toBeLessThanOrEqual(8);
    if (name === 'phone') {
      // Seven days do not fit 390 px: the strip scrolls instead of cutting them.
      const scroll = await strip.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
      expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    }
  });

  it('keeps Book in view once a time is chosen', async () => {
    const { page } = await visit('/appointment/doc03', { viewport });
    const [, second] = days();
    if (!second) throw new Error('no day');
    await dayChoice(page, second).click();
    await timeChoice(page, '14:30').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    const box = await book.boundingBox();
    if (name === 'phone') {
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.getByText(`Selected: ${formatShortDay(second)} · 2:30 PM`, { exact: true }).waitFor();
    } else {
      expect(box).not.toBeNull();
    }
    await book.click();
    await page.waitForURL('**/login?next=*');
  });
});

describe.each(VIEWPORTS)('page structure on %s', (_name, viewport) => {
  it('has heading levels that never skip on the doctor page', async () => {
    const { page } = await visit('/appointment/doc07', { viewport });
    await page.getByRole('heading', { level: 1, name: 'Dr. Julian Ferreira', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Related doctors', exact: true }).waitFor();
    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    for (let index = 1; index < levels.length; index += 1) {
      expect((levels[index] ?? 0) - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    }
  });

  it.each(['/my-profile', '/my-appointments', '/login', '/doctors', '/about', '/contact', '/nowhere'])(
    '%s has exactly one h1, for visitors too',
    async (route) => {
      const { page } = await visit(route, { viewport });
      await page.locator('main h1').first().waitFor();
      await expect(page.locator('h1').count()).resolves.toBe(1);
    },
  );

  it('offers an unavailable doctor without a Book button, under a one-line badge', async () => {
    const { page } = await visit('/doctors/Dermatologist', { viewport });
    const card = page.getByRole('article').filter({ hasText: 'Dr. Rashid Benali' });
    await card.waitFor();
    await expect(card.getByRole('link', { name: /^Book Appointment/ }).count()).resolves.toBe(0);
    await card.getByRole('link', { name: 'View profile of Dr. Rashid Benali', exact: true }).waitFor();
    const badge = card.getByText('Not booking now', { exact: true });
    const height = await badge.evaluate((node) => {
      const style = getComputedStyle(node);
      return node.getBoundingClientRect().height / parseFloat(style.lineHeight || style.fontSize);
    });
    expect(height).toBeLessThan(2);
  });
});
