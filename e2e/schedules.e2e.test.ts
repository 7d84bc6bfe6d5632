import type { Page } from 'playwright-core';
import { DEFAULT_SCHEDULE, formatShortDay, formatTime, generateSlotDays, MESSAGES, toIsoDate, type SlotDay } from '@carebook/shared';
import { adminCall, registerPatient, signInPage } from '../testing/browser/api-calls';
import { dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';
import { gotoApp } from '../testing/browser/browser';

// Staff set a doctor's hours in the admin app; the patient site then offers exactly those times.
// The clinic is in Berlin and the patient's browser in Los Angeles: times are the clinic's.
const CLINIC_ZONE = 'Europe/Berlin';
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const { stack, fresh, adminPage } = useSiteJourney({ stack: () => ({ timeZone: CLINIC_ZONE }), admin: true, noPageErrors: true });

function days(): SlotDay[] {
  return generateSlotDays({ now: new Date(), timeZone: CLINIC_ZONE });
}

/** The times offered, as shown: each radio button's label. */
const shownTimes = (page: Page) => page.getByRole('radiogroup', { name: /^Times on / }).locator('label').allTextContents();

test('staff set early hours and time off in the admin app; the doctor page shows exactly those times', async () => {
  const [, tomorrow, dayAfter, third] = days() as [SlotDay, SlotDay, SlotDay, SlotDay];
  const early = WEEKDAY_NAMES[tomorrow.weekday] as string;
  const away = WEEKDAY_NAMES[dayAfter.weekday] as string;

  const admin = await adminPage('/doctors/doc05/hours');
  await admin.getByRole('heading', { name: /^Working hours of / }).waitFor();
  for (const name of WEEKDAY_NAMES) await admin.getByRole('button', { name: `Remove ${name} hours 1`, exact: true }).click();
  await admin.getByRole('button', { name: `Add hours on ${early}`, exact: true }).click();
  await admin.getByLabel(`${early} hours 1 from`, { exact: true }).selectOption('07:00');
  await admin.getByLabel(`${early} hours 1 until`, { exact: true }).selectOption('08:30');
  await admin.getByRole('button', { name: `Add hours on ${early}`, exact: true }).click();
  await admin.getByLabel(`${early} hours 2 until`, { exact: true }).selectOption('14:00');
  await admin.getByLabel(`${early} hours 2 from`, { exact: true }).selectOption('13:00');
  await admin.getByRole('button', { name: `Add hours on ${away}`, exact: true }).click();
  await admin.getByRole('button', { name: 'Add time off', exact: true }).click();
  await admin.getByLabel('Time off 1 to', { exact: true }).fill(toIsoDate(dayAfter));
  await admin.getByLabel('Time off 1 from', { exact: true }).fill(toIsoDate(dayAfter));
  await admin.getByText('No booked appointment falls outside these hours.', { exact: true }).waitFor();
  await admin.getByRole('button', { name: 'Save hours', exact: true }).click();
  await admin.locator('.Toastify').getByText(MESSAGES.scheduleSaved, { exact: true }).waitFor();

  const patient = await registerPatient(stack);
  const { page } = await fresh({ timezoneId: 'America/Los_Angeles' });
  await signInPage(page, stack, patient.token);
  await gotoApp(page, `${stack.siteUrl}/appointment/doc05`);
  // The first day with times is chosen: tomorrow, early morning first.
  await page.getByRole('heading', { name: /^Times on / }).waitFor();
  expect(await shownTimes(page)).toEqual(['07:00', '07:30', '08:00', '13:00', '13:30'].map((t) => formatTime(t)));
  await dayChoice(page, tomorrow).waitFor();

  const strip = page.getByRole('radiogroup', { name: 'Day', exact: true });
  await strip.getByRole('radio', { name: `${formatShortDay(dayAfter)} Away`, exact: true }).click();
  await page.getByText(MESSAGES.doctorAway, { exact: true }).waitFor();
  await strip.getByRole('radio', { name: `${formatShortDay(third)} Off`, exact: true }).click();
  await page.getByText(MESSAGES.doctorNotWorking, { exact: true }).waitFor();

  await dayChoice(page, tomorrow).click();
  await timeChoice(page, '07:00').click();
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await page.getByRole('heading', { name: /Your appointment is booked/ }).waitFor();
  const booked = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
  const { appointments } = (await booked.json()) as { appointments: Array<{ slotDate: string; slotTime: string }> };
  expect(appointments.map((a) => `${a.slotDate} ${a.slotTime}`)).toEqual([`${tomorrow.key} 07:00`]);
}, 120_000);

test('a time that disappears while the page is open is refused with a clear message, and the picker refreshes', async () => {
  const patient = await registerPatient(stack);
  const { page } = await fresh();
  await signInPage(page, stack, patient.token);
  await gotoApp(page, `${stack.siteUrl}/appointment/doc06`);
  const [first] = await shownTimes(page);
  await page.getByRole('radiogroup', { name: /^Times on / }).getByRole('radio', { name: first, exact: true }).click();

  // Staff close the doctor's whole week meanwhile.
  const closed = { ...DEFAULT_SCHEDULE, weekly: Object.fromEntries(Object.keys(DEFAULT_SCHEDULE.weekly).map((day) => [day, []])) };
  await adminCall(stack, '/api/v1/admin/doctor-schedule', { docId: 'doc06', ...closed });

  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await page.locator('.Toastify').getByText(MESSAGES.slotOutsideHours, { exact: true }).waitFor();
  await page.getByText(MESSAGES.doctorNotWorking, { exact: true }).waitFor();
  const today = days()[0] as SlotDay;
  await page.getByRole('radio', { name: `${formatShortDay(today)} Off`, exact: true }).waitFor();
  expect(await page.getByRole('radiogroup', { name: /^Times on / }).count()).toBe(0);
  await expect(page.getByRole('button', { name: 'Book Appointment', exact: true }).isDisabled()).resolves.toBe(true);
}, 120_000);
