import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  firstFreeSlot,
  formatLongDay,
  generateSlotDays,
  MESSAGES,
  slotInterval,
  toIsoDate,
  type Appointment,
  type Doctor,
  type FreeSlot,
  type SlotDay,
} from '@carebook/shared';
import { adminCall, registerPatient, signInPage } from '../testing/browser/api-calls';
import { gotoApp, launchBrowser, openPage, type TrackedPage } from '../testing/browser/browser';
import { dayChoice, pickSlot, timeChoice } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';

// Journeys past booking: confirmation and calendar, reschedule, groups, ratings, next free time.
// The clinic is in Kolkata (UTC+5:30), the browsers in Los Angeles: times on screen are Kolkata's.
const CLINIC_ZONE = 'Asia/Kolkata';
const BROWSER_ZONE = 'America/Los_Angeles';

let stack: Stack;
let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ timeZone: CLINIC_ZONE }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

afterEach(async () => {
  for (const tracked of opened.splice(0)) {
    expect(tracked.pageErrors).toEqual([]);
    await tracked.context.close();
  }
});

async function signedIn(token: string, viewport?: { width: number; height: number }): Promise<Page> {
  const tracked = await openPage(browser, { timezoneId: BROWSER_ZONE, viewport });
  opened.push(tracked);
  await signInPage(tracked.page, stack, token);
  return tracked.page;
}

/** The clinic's booking row as the site computes it, from the API's live doctor list. */
async function doctorNow(docId: string): Promise<{ doctor: Doctor; days: SlotDay[] }> {
  const response = await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`);
  const doctor = ((await response.json()) as { doctors: Doctor[] }).doctors.find((d) => d._id === docId);
  if (!doctor) throw new Error(`no doctor ${docId}`);
  return { doctor, days: generateSlotDays({ now: new Date(), timeZone: CLINIC_ZONE, booked: doctor.slots_booked }) };
}

function clinicDay(offset: number): SlotDay {
  const day = generateSlotDays({ now: new Date(), timeZone: CLINIC_ZONE })[offset];
  if (!day) throw new Error(`no day ${offset}`);
  return day;
}

/**
 * On an open doctor page: it opens on `first`'s day with `first`'s time first, and no earlier day
 * has any time left, so `first` is the page's first free slot.
 */
async function expectFirstOnDoctorPage(page: Page, first: FreeSlot | null, days: SlotDay[]): Promise<void> {
  const firstDay = dayChoice(page, first?.day ?? days[0]!);
  expect(await firstDay.getAttribute('aria-checked')).toBe('true');
  for (const day of days) {
    await dayChoice(page, day).click();
    const times = page.getByRole('radiogroup', { name: `Times on ${formatLongDay(day)}`, exact: true }).getByRole('radio');
    if (day.key !== first?.day.key) {
      await page.getByText(MESSAGES.noSlotsLeft, { exact: true }).waitFor();
      continue;
    }
    const named = await timeChoice(page, first.time).elementHandle();
    expect(await times.first().evaluate((el, other) => el === other, named)).toBe(true);
    break;
  }
}

/** A patient-facing block's lines, blank ones dropped: what a reader sees, in order. */
async function linesOf(locator: Locator): Promise<string[]> {
  return (await locator.innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
}

async function apiPost<T>(path: string, body: object, token: string): Promise<T> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as T & { success: boolean; message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${data.message}`);
  return data;
}

async function book(token: string, docId: string, slotDate: string, slotTime: string): Promise<string> {
  return (await apiPost<{ appointmentId: string }>('/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token)).appointmentId;
}

async function appointmentsOf(token: string): Promise<Appointment[]> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments: Appointment[] }).appointments;
}

describe('after booking: confirmation, calendar, moving, groups, ratings', () => {
  it('confirms a booking in place and downloads it as a calendar file', async () => {
    const patient = await registerPatient(stack, 'Cal Endar');
    const page = await signedIn(patient.token);
    const day = clinicDay(1);
    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await pickSlot(page, day, '14:30');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    const confirmation = page.getByRole('region', { name: 'Your appointment is booked' });
    await confirmation.waitFor();
    await confirmation.getByText('Dr. Amara Lindqvist, General Physician', { exact: true }).waitFor();
    await confirmation.getByText(formatLongDay(day), { exact: true }).waitFor();
    await confirmation.getByText('2:30 PM', { exact: false }).waitFor();
    await confirmation.getByText('14 Alder Street, Riverside, Springfield', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Reschedule', exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Cancel appointment', exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirmation.getByRole('button', { name: 'Add to calendar', exact: true }).click(),
    ]);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    const [appointment] = await appointmentsOf(patient.token);
    const interval = slotInterval(day.key, '14:30', CLINIC_ZONE);
    const utc = (date: Date | undefined): string => (date?.toISOString() ?? '').replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`UID:${appointment?._id}@carebook\r\n`);
    expect(ics).toContain(`DTSTART:${utc(interval?.start)}\r\n`); // 14:30 in Kolkata is 09:00 UTC
    expect(ics).toContain('SUMMARY:Appointment with Dr. Amara Lindqvist\r\n');

    await confirmation.getByRole('link', { name: 'View my appointments', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/my-appointments`);
  });

  it('reschedules from My Appointments through the doctor page, freeing the old time', async () => {
    const patient = await registerPatient(stack, 'Re Schedule');
    const day = clinicDay(2);
    const id = await book(patient.token, 'doc02', day.key, '10:00');
    const page = await signedIn(patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    const upcoming = page.getByRole('region', { name: /^Upcoming/ });
    await upcoming.getByRole('link', { name: 'Reschedule', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/appointment/doc02?reschedule=${id}`);
    await page.getByText(/You are moving your appointment on/).waitFor();

    await pickSlot(page, day, '16:00');
    await page.getByRole('button', { name: 'Move appointment here', exact: true }).click();
    await page.locator('.Toastify').getByText(MESSAGES.appointmentRescheduled, { exact: true }).waitFor();
    await page.waitForURL(`${stack.siteUrl}/my-appointments`);
    await upcoming.getByText(/4:00 PM/).waitFor();

    const booked = (await doctorNow('doc02')).doctor.slots_booked[day.key];
    expect(booked).toEqual(['16:00']);
    expect(await appointmentsOf(patient.token)).toHaveLength(1);
  });

  it('groups appointments, offers no change to a past visit, and rates a completed one', async () => {
    const patient = await registerPatient(stack, 'Group Ed');
    const later = await book(patient.token, 'doc04', clinicDay(3).key, '11:00');
    const sooner = await book(patient.token, 'doc06', clinicDay(1).key, '12:00');
    const cancelled = await book(patient.token, 'doc07', clinicDay(2).key, '13:00');
    const completed = await book(patient.token, 'doc10', clinicDay(1).key, '17:00');
    await apiPost('/api/v1/user/cancel-appointment', { appointmentId: cancelled }, patient.token);
    await adminCall(stack, '/api/v1/admin/appointment-complete', { appointmentId: completed });

    const page = await signedIn(patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    const names = (title: RegExp) =>
      page.getByRole('region', { name: title }).getByRole('listitem').getByRole('heading').allTextContents();
    await page.getByRole('heading', { name: 'Upcoming (2)', exact: true }).waitFor();
    const byId = new Map((await appointmentsOf(patient.token)).map((a) => [a._id, a.docData.name]));
    expect(await names(/^Upcoming/)).toEqual([byId.get(sooner), byId.get(later)]);
    expect(await names(/^Past/)).toEqual([byId.get(completed)]);
    expect(await names(/^Cancelled/)).toEqual([byId.get(cancelled)]);

    const past = page.getByRole('region', { name: /^Past/ });
    expect(await past.getByRole('button', { name: 'Cancel Appointment' }).count()).toBe(0);
    expect(await past.getByRole('link', { name: 'Reschedule' }).count()).toBe(0);
    await past.getByRole('button', { name: 'Rate this visit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate your visit' });
    await dialog.getByRole('radio', { name: '5 stars', exact: true }).check();
    await dialog.getByLabel('Comment (optional)').fill('Listened carefully; explained everything.');
    await dialog.getByRole('button', { name: 'Submit rating', exact: true }).click();
    await past.getByText('You rated this visit 5 out of 5.', { exact: true }).waitFor();

    // The doctor's card shows the real figure now, from the shared doctor list.
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const card = page.getByRole('article', { name: byId.get(completed) ?? '' });
    await card.getByText('5.0', { exact: false }).waitFor();
    expect(await card.innerText()).toContain('(1 review)');
  });

  it("shows each bookable doctor's next free time on the cards, the same as the doctor page's first free slot", async () => {
    // Take the first free slot of doc03 so its card has to skip it.
    const patient = await registerPatient(stack, 'Early Bird');
    const before = firstFreeSlot((await doctorNow('doc03')).days);
    if (!before) throw new Error('doc03 has no free slot');
    await book(patient.token, 'doc03', before.day.key, before.time);

    const page = await signedIn(patient.token);
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    for (const docId of ['doc01', 'doc03']) {
      const { doctor, days } = await doctorNow(docId);
      const card = page.getByRole('article', { name: doctor.name, exact: true });
      const shown = await card.locator('time').first().getAttribute('datetime');
      const first = firstFreeSlot(days);
      expect(shown).toBe(first ? `${toIsoDate(first.day)}T${first.time}` : null);

      await gotoApp(page, `${stack.siteUrl}/appointment/${docId}`);
      await expectFirstOnDoctorPage(page, first, days);
      await gotoApp(page, `${stack.siteUrl}/doctors`);
    }
    // Not taking appointments: no time offered.
    const unavailable = page.getByRole('article', { name: 'Dr. Rashid Benali', exact: true });
    await unavailable.getByText('Not booking now', { exact: true }).waitFor();
    expect(await unavailable.locator('time, a[href*="time="]').count()).toBe(0);
  });

  it("shows the list card's facts on the home page's Top Doctors tiles, the next free time as the doctor page's first free slot", async () => {
    // Take the first free slot of doc02 so its tile has to skip it.
    const patient = await registerPatient(stack, 'Home Tiles');
    const before = firstFreeSlot((await doctorNow('doc02')).days);
    if (!before) throw new Error('doc02 has no free slot');
    await book(patient.token, 'doc02', before.day.key, before.time);

    const page = await signedIn(patient.token);
    await gotoApp(page, `${stack.siteUrl}/`);
    const top = page.getByRole('region', { name: 'Top Doctors', exact: true });
    const { doctor, days } = await doctorNow('doc02');
    const first = firstFreeSlot(days);
    if (!first) throw new Error('doc02 has no free slot left');
    expect(`${first.day.key} ${first.time}`).not.toBe(`${before.day.key} ${before.time}`);
    const tile = top.getByRole('article', { name: doctor.name, exact: true });
    expect(await tile.locator('time').first().getAttribute('datetime')).toBe(`${toIsoDate(first.day)}T${first.time}`);

    // Not taking appointments: no time offered.
    const unavailable = top.getByRole('article', { name: 'Dr. Rashid Benali', exact: true });
    await unavailable.getByText('Not booking now', { exact: true }).waitFor();
    expect(await unavailable.locator('time, a[href*="time="]').count()).toBe(0);

    // Every line of every tile, word for word, is a line of that doctor's list card.
    const tiles: Array<{ name: string; lines: string[] }> = [];
    for (const article of await top.getByRole('article').all()) {
      tiles.push({ name: await article.getByRole('heading').innerText(), lines: await linesOf(article) });
    }
    expect(tiles).toHaveLength(10);
    // The doctor rated in the test above carries the real figure on the home page too.
    expect(tiles.some((t) => /Rated\s+5\.0\s+out of 5\s+\(1 review\)/.test(t.lines.join(' ')))).toBe(true);
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    for (const { name, lines } of tiles) {
      const card = await linesOf(page.getByRole('article', { name, exact: true }));
      expect([name, lines.filter((line) => !card.includes(line))]).toEqual([name, []]);
    }

    // The tile opens the doctor page, which starts at that same time.
    await gotoApp(page, `${stack.siteUrl}/`);
    await tile.getByRole('link', { name: doctor.name, exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/appointment/doc02`);
    await expectFirstOnDoctorPage(page, first, days);
  });

  it('shows no invented rating anywhere, and "No reviews yet" where nobody has rated', async () => {
    const page = await signedIn((await registerPatient(stack)).token);
    for (const path of ['/', '/doctors', '/doctors/Neurologist', '/appointment/doc02']) {
      await gotoApp(page, `${stack.siteUrl}${path}`);
      await page.locator('main').getByText(/\w/).first().waitFor();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('body').innerText();
      expect([path, /120 reviews|4\.8 \(/.test(text)]).toEqual([path, false]);
    }
    await gotoApp(page, `${stack.siteUrl}/appointment/doc02`);
    await page.getByText('No reviews yet', { exact: true }).waitFor();
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    await page.getByRole('article', { name: 'Dr. Tobias Okafor', exact: true }).getByText('No reviews yet', { exact: true }).waitFor();
  });
});
