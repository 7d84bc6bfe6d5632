import type { Page } from 'playwright-core';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import { gotoApp } from '../testing/browser/browser';

const { stack, fresh } = useSiteJourney();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focused = (page: Page) =>
  page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent ?? '' }));
const announced = (page: Page) => page.getByTestId('route-announcer').textContent();

/** Waits until focus sits on the page's h1 reading `name`, then until the announcer reads the title. */
async function landedOn(page: Page, name: string, title: string): Promise<void> {
  await page.waitForFunction(
    (text) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === text,
    name,
  );
  await page.waitForFunction((expected) => document.title === expected, title);
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="route-announcer"]')?.textContent === expected,
    title,
  );
}

describe.each(VIEWPORTS)('navigation on %s', (_name, viewport) => {
  it('opens a doctor from the bottom of the list at the top, focused and announced; Back returns to the spot', async () => {
    const { page, pageErrors } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    await page.getByRole('status').filter({ hasText: /\d+ doctors$/ }).waitFor();
    await expect(page.title()).resolves.toBe('All doctors · CareBook');
    const last = page.getByRole('link', { name: 'Book Appointment with Dr. Samuel Adeyemi', exact: true });
    await last.scrollIntoViewIfNeeded();
    const listPosition = await scrollY(page);
    expect(listPosition).toBeGreaterThan(300);

    await last.click();
    await page.waitForURL('**/appointment/doc15');
    await landedOn(page, 'Dr. Samuel Adeyemi', 'Dr. Samuel Adeyemi · Gastroenterologist · CareBook');
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL('**/doctors');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, listPosition);
    await landedOn(page, 'Find a doctor', 'All doctors · CareBook');
    expect(Math.abs((await scrollY(page)) - listPosition)).toBeLessThanOrEqual(2);
    expect(pageErrors).toEqual([]);
  });

  it('starts footer destinations at the top and titles every route', async () => {
    const { page } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.title()).resolves.toBe('Book a doctor online · CareBook');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'About us', exact: true }).click();
    await landedOn(page, 'About CareBook', 'About us · CareBook');
    expect(await scrollY(page)).toBe(0);

    await footer.getByRole('link', { name: 'Contact us', exact: true }).click();
    await landedOn(page, 'Contact us', 'Contact us · CareBook');
    expect(await scrollY(page)).toBe(0);

    for (const [route, title] of [
      ['/my-appointments', 'My appointments · CareBook'],
      ['/my-profile', 'My profile · CareBook'],
      ['/doctors/Dermatologist', 'Dermatologists · Doctors · CareBook'],
      ['/appointment/doc08', 'Dr. Mei-Lin Hartmann · Dermatologist · CareBook'],
      ['/appointment/nobody', 'Doctor not found · CareBook'],
      ['/no/such/page', 'Page not found · CareBook'],
    ] as const) {
      await gotoApp(page, `${stack.siteUrl}${route}`);
      await page.waitForFunction((expected) => document.title === expected, title);
    }
  });

  it('keeps focus and position when a specialization filter changes the address', async () => {
    const { page } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    await page.getByRole('status').filter({ hasText: /\d+ doctors$/ }).waitFor();
    const filter = page
      .getByRole('navigation', { name: 'Specializations', exact: true })
      .getByRole('link', { name: 'Neurologist', exact: true });
    await filter.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/doctors/Neurologist');
    await page.getByRole('status').filter({ hasText: '2 doctors' }).waitFor();
    await expect(page.title()).resolves.toBe('Neurologists · Doctors · CareBook');
    expect(await focused(page)).toEqual({ tag: 'A', text: 'Neurologist' });
    expect(await announced(page)).toBe('');
  });
});
