import type { Page } from 'playwright-core';
import type { Doctor } from '@carebook/shared';
import { useSiteJourney } from '../testing/browser/site-journey';
import { gotoApp } from '../testing/browser/browser';
import { axeViolations } from '../testing/browser/axe';

const { stack, visit } = useSiteJourney();
/** The seeded doctors as the real API lists them, in its order. */
let doctors: Doctor[];

beforeAll(async () => {
  const reply = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as { doctors: Doctor[] };
  doctors = reply.doctors;
});

const names = (specialization: string) =>
  doctors.filter((doctor) => doctor.specialization === specialization).map((doctor) => doctor.name);

/**
 * Waits for the doctor list to settle and returns the names on its cards. After a search or a
 * filter changed a list already on screen, give the count it should come to: the old list's count
 * is on screen until the new one renders.
 */
async function cardNames(page: Page, count?: number): Promise<string[]> {
  const settled = count === undefined ? /\d+ doctors?$/ : new RegExp(`^${count} doctors?$`);
  await page.getByRole('status').filter({ hasText: settled }).waitFor();
  return page.getByRole('article').locator('h3').allTextContents();
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search doctors', exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Specializations', exact: true });

describe('the doctors remote in the composed site', () => {
  it('seeds what these journeys rely on', () => {
    expect(doctors).toHaveLength(15);
    expect(names('Dermatologist')).toHaveLength(3);
  });

  it('goes from the home grid to the filtered list', async () => {
    const { page, pageErrors } = await visit('/');
    const grid = page.getByRole('region', { name: 'Find by speciality', exact: true });
    await grid.getByRole('link', { name: 'Dermatologist', exact: true }).click();
    await page.waitForURL('**/doctors/Dermatologist');
    expect(await cardNames(page)).toEqual(names('Dermatologist'));
    await expect(
      sidebar(page).getByRole('link', { name: 'Dermatologist', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    expect(pageErrors).toEqual([]);
  });

  it('shows the first 10 doctors on the home page, with See All to the list', async () => {
    const { page } = await visit('/');
    const top = page.getByRole('region', { name: 'Top Doctors', exact: true });
    await top.getByRole('article').first().waitFor();
    expect(await top.getByRole('article').locator('h3').allTextContents()).toEqual(
      doctors.slice(0, 10).map((doctor) => doctor.name),
    );
    await top.getByRole('link', { name: 'See All', exact: true }).click();
    await page.waitForURL('**/doctors');
    expect(await cardNames(page)).toHaveLength(15);
  });

  it('searches by name and by specialization', async () => {
    const { page } = await visit('/doctors');
    expect(await cardNames(page)).toEqual(doctors.map((doctor) => doctor.name));
    await search(page).fill('  LINDQVIST ');
    expect(await cardNames(page, 1)).toEqual(['Dr. Amara Lindqvist']);
    await search(page).fill('gastro');
    expect(await cardNames(page, names('Gastroenterologist').length)).toEqual(names('Gastroenterologist'));
  });

  it('resets search and filter from the empty state', async () => {
    const { page } = await visit('/doctors/Gastroenterologist');
    await search(page).fill('Amara');
    await page.getByText('No doctors found matching your criteria', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset Filters', exact: true }).click();
    await page.waitForURL('**/doctors');
    // The search is cleared first and the address changes after: wait for the whole list's count,
    // not the one filtered doctor shown in between.
    expect(await cardNames(page, 15)).toHaveLength(15);
    await expect(search(page).inputValue()).resolves.toBe('');
  });

  it('pre-filters a deep link and shows the fallbacks', async () => {
    const { page, pageErrors } = await visit('/doctors/Dermatologist');
    expect(await cardNames(page)).toEqual(names('Dermatologist'));
    const doc07 = doctors.find((doctor) => doctor._id === 'doc07')!;
    const card = page.getByRole('article', { name: doc07.name, exact: true });
    await expect(card.getByText('Downtown Clinic', { exact: true }).count()).resolves.toBe(1);
    const doc05 = doctors.find((doctor) => doctor._id === 'doc05')!;
    await gotoApp(page, `${stack.siteUrl}/doctors/Gynecologist`);
    expect(await cardNames(page)).toEqual(names('Gynecologist'));
    await expect(
      page.getByRole('article', { name: doc05.name, exact: true }).getByText('10+ years experience', { exact: true }).count(),
    ).resolves.toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('shows the empty state for an unknown specialization', async () => {
    const { page } = await visit('/doctors/Cardiologist');
    await page.getByText('No doctors found matching your criteria', { exact: true }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
  });

  it('opens the doctor page from a card', async () => {
    const { page, pageErrors } = await visit('/doctors');
    await page.getByRole('link', { name: 'Book Appointment with Dr. Amara Lindqvist', exact: true }).click();
    await page.waitForURL('**/appointment/doc01');
    await page.locator('main h1').first().waitFor();
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('is operable by keyboard: a sidebar filter and a card by Tab and Enter', async () => {
    const { page } = await visit('/doctors');
    await cardNames(page);
    await search(page).focus();
    // Search, then All, General Physician: the third Tab stop from the search box.
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('General Physician');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/doctors/General%20Physician');
    expect(await cardNames(page, names('General Physician').length)).toEqual(names('General Physician'));
    // The rest of the sidebar (5), then the first card: its three free times, More times, the button.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    const firstTime = `Book ${names('General Physician')[0]}, `;
    const focused = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '';
    expect(focused.slice(0, firstTime.length)).toBe(firstTime);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      `Book Appointment with ${names('General Physician')[0]}`,
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/appointment/${doctors[0]!._id}`);
  });

  it.each(['/', '/doctors'])('has no axe-core violations on %s', async (route) => {
    const { page } = await visit(route);
    await page.getByRole('article').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/', '/doctors'])('fits a 360 px phone without sideways scrolling on %s', async (route) => {
    const { page } = await visit(route, { viewport: { width: 360, height: 740 } });
    await page.getByRole('article').first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  });
});
