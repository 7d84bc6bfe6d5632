import type { Page } from 'playwright-core';
import { clinicWallClock, formatAppointmentTime, toDateKey } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { axeViolations } from '../testing/browser/axe';
import { gotoApp } from '../testing/browser/browser';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';

// The admin app's Calendar (admin/dist) against the real API and the built site; the clinic's
// zone is the stack's (UTC). Everything happens tomorrow, so every time of the day is still free
// to book whenever the suite runs.
const journey = useSiteJourney({ admin: true, noPageErrors: true });
const { stack, fresh, adminPage } = journey;

jest.setTimeout(120_000);

function tomorrow(): { key: string; iso: string } {
  const today = clinicWallClock(new Date(), 'UTC');
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const key = toDateKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
  return { key, iso: date.toISOString().slice(0, 10) };
}

const DAY = tomorrow();
const DOCTORS = [
  'Dr. Amara Lindqvist',
  'Dr. Tobias Okafor',
  'Dr. Helena Marsh',
  'Dr. Priya Raghunathan',
  'Dr. Sofia Castellano',
  'Dr. Naomi Whitfield',
  'Dr. Julian Ferreira',
  'Dr. Mei-Lin Hartmann',
  'Dr. Rashid Benali',
  'Dr. Clara Eisenberg',
  'Dr. Kwame Asante',
  'Dr. Elise Moreau',
  'Dr. Viktor Nowak',
  'Dr. Isabel Thornton',
  'Dr. Samuel Adeyemi',
];

/** A block of the calendar by its accessible name: `Free ... 14:00, Dr. X: book` or `Name State, ... 14:00, Dr. X`. */
function freeTime(page: Page, time: string, doctor: string) {
  return page.getByRole('button', { name: new RegExp(`^Free .* ${time}, ${doctor.replace('.', '\\.')}: book$`) });
}

function visit(page: Page, patient: string, time: string, doctor: string) {
  return page.getByRole('button', { name: new RegExp(`^${patient} \\w+ ?, .* ${time}, ${doctor.replace('.', '\\.')}$`) });
}

async function openCalendar(route = `/calendar?date=${DAY.iso}`): Promise<Page> {
  const page = await adminPage(route);
  await page.getByRole('heading', { level: 1, name: 'Calendar', exact: true }).waitFor();
  await page.locator('.rbc-time-view').waitFor();
  return page;
}

describe('the Calendar of the admin app', () => {
  it("shows a day with a column per doctor, each with that day's visits and free times", async () => {
    const first = await registerPatient(stack, 'Greta Column');
    const second = await registerPatient(stack, 'Hugo Column');
    await bookThroughApi(stack, first.token, { docId: 'doc01', slotDate: DAY.key, slotTime: '11:00' });
    await bookThroughApi(stack, second.token, { docId: 'doc02', slotDate: DAY.key, slotTime: '12:30' });

    const page = await openCalendar();
    const columns = page.locator('.rbc-row-resource .rbc-header');
    await expect(columns.allTextContents()).resolves.toEqual(DOCTORS.map((name) => expect.stringContaining(name)));
    await visit(page, 'Greta Column', '11:00', 'Dr. Amara Lindqvist').waitFor();
    await visit(page, 'Hugo Column', '12:30', 'Dr. Tobias Okafor').waitFor();
    await expect(visit(page, 'Greta Column', '11:00', 'Dr. Amara Lindqvist').textContent()).resolves.toContain('Upcoming');
    // Taken times are not offered; the next one is.
    await expect(freeTime(page, '11:00', 'Dr. Amara Lindqvist').count()).resolves.toBe(0);
    await freeTime(page, '11:30', 'Dr. Amara Lindqvist').waitFor();

    // The week of one doctor shows the same visit.
    await page.getByRole('button', { name: 'Week, one doctor', exact: true }).click();
    await page.getByLabel('Doctor', { exact: true }).selectOption('doc02');
    await visit(page, 'Hugo Column', '12:30', 'Dr. Tobias Okafor').waitFor();
    await expect(page.locator('.rbc-row-resource').count()).resolves.toBe(0);
    await expect(page.locator('.rbc-time-header-cell .rbc-header').count()).resolves.toBe(7);
  });

  it('books a caller from a free time by keyboard; the patient sees it, and a second desk sees it and a dragged move within 5 s', async () => {
    const caller = await registerPatient(stack, 'Ida Caller');
    const desk = await openCalendar();
    const other = await openCalendar();

    // Keyboard: Tab-reachable block, Enter opens the booking form.
    await freeTime(desk, '14:00', 'Dr. Helena Marsh').focus();
    await desk.keyboard.press('Enter');
    const form = desk.getByRole('dialog', { name: 'Book a visit' });
    await form.getByText(`Dr. Helena Marsh, ${formatAppointmentTime(DAY.key, '14:00')}`, { exact: true }).waitFor();
    await form.getByLabel('Find by name, email or phone', { exact: true }).fill('ida call');
    await form.getByRole('radio', { name: new RegExp(`Ida Caller ${caller.email.replace('.', '\\.')}`) }).check();
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    await desk.locator('.Toastify').getByText('Appointment booked for the patient', { exact: true }).waitFor();
    await visit(desk, 'Ida Caller', '14:00', 'Dr. Helena Marsh').waitFor();
    await visit(other, 'Ida Caller', '14:00', 'Dr. Helena Marsh').waitFor({ timeout: 5000 });

    const { page: site } = await fresh();
    await signInPage(site, stack, caller.token);
    await gotoApp(site, `${stack.siteUrl}/my-appointments`);
    const booked = site.getByRole('listitem').filter({ hasText: 'Dr. Helena Marsh' });
    await booked.getByText(`Date & Time: ${formatAppointmentTime(DAY.key, '14:00')}`, { exact: true }).waitFor();

    // Drag the visit to 16:00 of the same doctor.
    const block = visit(desk, 'Ida Caller', '14:00', 'Dr. Helena Marsh');
    const target = freeTime(desk, '16:00', 'Dr. Helena Marsh');
    await target.scrollIntoViewIfNeeded();
    const from = await block.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the blocks are not on screen');
    await desk.mouse.move(from.x + from.width / 2, from.y + 6);
    await desk.mouse.down();
    await desk.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
    await desk.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 12 });
    await desk.mouse.up();
    await desk.locator('.Toastify').getByText('Appointment moved; the patient has an email with the new time', { exact: true }).waitFor();
    await visit(desk, 'Ida Caller', '16:00', 'Dr. Helena Marsh').waitFor();
    await visit(other, 'Ida Caller', '16:00', 'Dr. Helena Marsh').waitFor({ timeout: 5000 });
    await expect(visit(other, 'Ida Caller', '14:00', 'Dr. Helena Marsh').count()).resolves.toBe(0);
    await gotoApp(site, `${stack.siteUrl}/my-appointments`);
    await booked.getByText(`Date & Time: ${formatAppointmentTime(DAY.key, '16:00')}`, { exact: true }).waitFor();
  });

  it('moves a visit with the keyboard through its Move dialog', async () => {
    const patient = await registerPatient(stack, 'Jon Keys');
    await bookThroughApi(stack, patient.token, { docId: 'doc05', slotDate: DAY.key, slotTime: '10:30' });
    const page = await openCalendar();
    await visit(page, 'Jon Keys', '10:30', 'Dr. Sofia Castellano').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Jon Keys' });
    await dialog.getByLabel('Move to', { exact: true }).selectOption(`${DAY.key} 18:00`);
    await dialog.getByRole('button', { name: 'Move', exact: true }).press('Enter');
    await visit(page, 'Jon Keys', '18:00', 'Dr. Sofia Castellano').waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('has no axe violations at 1280 and 390 px, with the booking form open too, and scrolls sideways on a phone', async () => {
    const patient = await registerPatient(stack, 'Kara Axe');
    await bookThroughApi(stack, patient.token, { docId: 'doc07', slotDate: DAY.key, slotTime: '13:00' });
    const violations: string[] = [];
    for (const [, viewport] of VIEWPORTS) {
      const page = await adminPage(`/calendar?date=${DAY.iso}`, { viewport });
      await page.locator('.rbc-time-view').waitFor();
      await visit(page, 'Kara Axe', '13:00', 'Dr. Julian Ferreira').waitFor();
      violations.push(...(await axeViolations(page)));
      await freeTime(page, '15:00', 'Dr. Julian Ferreira').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Book a visit' }).waitFor();
      violations.push(...(await axeViolations(page)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      // The page itself never scrolls sideways; the grid does, inside its box.
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      // The controls above the grid are full touch targets (a checkbox's target is its label).
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main [role="group"] button, main select, main label'))
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height < 44)
          .map(({ el }) => `${el.tagName} ${el.textContent}`),
      );
      expect(small).toEqual([]);
    }
    expect(violations).toEqual([]);
  });
});
