import type { Browser } from 'playwright-core';
import { MESSAGES, type Doctor, type SlotDay } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { gotoApp, launchBrowser, openPage } from '../testing/browser/browser';
import { clinicTomorrow, dayChoice, pickSlot, selectedSummary, timeChoice } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';

// The clinic is in Kolkata, the browsers in Los Angeles: every time on screen must be Kolkata's.
const CLINIC_ZONE = 'Asia/Kolkata';
const BROWSER_ZONE = 'America/Los_Angeles';

let stack: Stack;
let browser: Browser;

// The stack and the browser start at once, within the two minutes every browser file gives them on a
// busy machine (site-journey.ts): one after the other under a one-minute limit, a loaded run could
// end the hook while the stack was still starting, and the stack it went on to start was never
// stopped (it ran on beside the next files). Whichever of the two started is stopped, even when the
// other failed.
let starts: [Promise<Stack>, Promise<Browser>] | undefined;

beforeAll(async () => {
  starts = [startStack({ timeZone: CLINIC_ZONE }), launchBrowser()];
  [stack, browser] = await Promise.all(starts);
}, 120_000);

afterAll(async () => {
  if (!starts) return;
  const [stackStart, browserStart] = await Promise.allSettled(starts);
  if (browserStart.status === 'fulfilled') await browserStart.value.close();
  if (stackStart.status === 'fulfilled') await stackStart.value.close();
});

/** Tomorrow in the clinic zone: today's slots come and go with the clock. */
function tomorrow(): SlotDay {
  return clinicTomorrow(CLINIC_ZONE);
}

async function bookedSlots(docId: string): Promise<Record<string, string[]>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`);
  const { doctors } = (await response.json()) as { doctors: Doctor[] };
  return doctors.find((doctor) => doctor._id === docId)?.slots_booked ?? {};
}

const open = () => openPage(browser, { timezoneId: BROWSER_ZONE });

describe('booking on the composed site', () => {
  it('sends a visitor to login and back to the same doctor after logging in', async () => {
    const patient = await registerPatient(stack);
    const { page, context, pageErrors } = await open();
    const day = tomorrow();
    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    // The server's page posts its form on its own until the booking region's app has taken it over
    // (which can come after the host's `data-app="ready"`); from then on Book waits for a time.
    await page.getByRole('button', { name: 'Book Appointment', exact: true, disabled: true }).waitFor();
    await pickSlot(page, day, '10:00');
    expect(await book.isEnabled()).toBe(true);
    await book.click();

    await page.getByText(MESSAGES.loginToBook, { exact: true }).waitFor();
    const back = `/appointment/doc01?date=${day.key}&time=10:00`;
    await page.waitForURL(`${stack.siteUrl}/login?next=${encodeURIComponent(back)}`);
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await page.waitForURL(`${stack.siteUrl}${back}`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    // The chosen time survived the login: one tap books it.
    await selectedSummary(page, day, '10:00').waitFor();
    expect(await book.isEnabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('books for a patient: server message, a confirmation, and the slot is gone', async () => {
    const patient = await registerPatient(stack);
    const { page, context, pageErrors } = await open();
    await signInPage(page, stack, patient.token);
    const day = tomorrow();
    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await pickSlot(page, day, '10:30');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    await page.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect((await bookedSlots('doc01'))[day.key]).toContain('10:30');

    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await dayChoice(page, day).click();
    await timeChoice(page, '11:00').waitFor();
    expect(await timeChoice(page, '10:30').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('sends an Idempotency-Key and retries a booking cut off after the server committed: one booking, the first reply', async () => {
    const patient = await registerPatient(stack);
    const { page, context, pageErrors } = await open();
    await signInPage(page, stack, patient.token);
    const day = tomorrow();
    const sent: Array<{ key: string | undefined; reply: string }> = [];
    // The first request reaches the API and commits, but its reply never reaches the page.
    await page.route(`${stack.apiUrl}/api/v1/user/book-appointment`, async (route) => {
      const key = (await route.request().allHeaders())['idempotency-key'];
      const response = await route.fetch();
      sent.push({ key, reply: await response.text() });
      if (sent.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await gotoApp(page, `${stack.siteUrl}/appointment/doc03`);
    await pickSlot(page, day, '15:00');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect(sent).toHaveLength(2);
    // The page's key for this slot, which the page's own form sends too (docs/architecture.md, "Booking before the app").
    expect(sent[0]?.key).toMatch(new RegExp(`^page-\\d+-doc03-${day.key}-15:00$`));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(JSON.parse(sent[1]?.reply ?? '')).toEqual(JSON.parse(sent[0]?.reply ?? ''));
    expect(JSON.parse(sent[0]?.reply ?? '')).toMatchObject({ success: true, message: MESSAGES.appointmentBooked });
    const mine = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
    const { appointments } = (await mine.json()) as { appointments: Array<{ _id: string; slotDate: string; slotTime: string }> };
    expect(appointments.map(({ _id, slotDate, slotTime }) => ({ _id, slotDate, slotTime }))).toEqual([
      { _id: (JSON.parse(sent[0]?.reply ?? '') as { appointmentId: string }).appointmentId, slotDate: day.key, slotTime: '15:00' },
    ]);

    // The next booking is a new action: a new key.
    await gotoApp(page, `${stack.siteUrl}/appointment/doc03`);
    await pickSlot(page, day, '16:00');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.key).toMatch(new RegExp(`^page-\\d+-doc03-${day.key}-16:00$`));
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("gives the second of two patients the server's refusal and fresh slots", async () => {
    const [first, second, third] = await Promise.all([registerPatient(stack), registerPatient(stack), registerPatient(stack)]);
    const a = await open();
    const b = await open();
    await signInPage(a.page, stack, first.token);
    await signInPage(b.page, stack, second.token);
    const day = tomorrow();
    for (const { page } of [a, b]) {
      await gotoApp(page, `${stack.siteUrl}/appointment/doc02`);
      await pickSlot(page, day, '11:30');
    }
    // Meanwhile someone else takes 12:00: B's page cannot know until it refreshes.
    await bookThroughApi(stack, third.token, { docId: 'doc02', slotDate: day.key, slotTime: '12:00' });
    expect(await timeChoice(b.page, '12:00').count()).toBe(1);

    await a.page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    await b.page.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    await b.page.getByText(MESSAGES.slotTaken, { exact: true }).waitFor();
    const taken = timeChoice(b.page, '11:30');
    const takenMeanwhile = timeChoice(b.page, '12:00');
    await taken.waitFor({ state: 'detached' });
    await takenMeanwhile.waitFor({ state: 'detached' });
    expect(new URL(b.page.url()).pathname).toBe('/appointment/doc02');
    expect(await b.page.getByRole('button', { name: 'Book Appointment', exact: true }).isDisabled()).toBe(true);
    // The patient can pick another time and book it.
    await pickSlot(b.page, day, '13:00');
    await b.page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await b.page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect((await bookedSlots('doc02'))[day.key]?.sort()).toEqual(['11:30', '12:00', '13:00']);
    expect([...a.pageErrors, ...b.pageErrors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('opens a deep link with no warm cache: loading, then the doctor; unknown ids say not found', async () => {
    const { page, context, pageErrors } = await open();
    // The page carries the doctor list when the host server could read it; here it could not
    // (the inline data is taken out as the page is parsed), so the screen asks the API itself.
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => document.getElementById('carebook-data')?.remove()),
    );
    // Hold the doctor list back so the loading state is observable.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${stack.apiUrl}/api/v1/doctor/all-doctors`, async (route) => {
      await held;
      await route.continue();
    });
    await gotoApp(page, `${stack.siteUrl}/appointment/doc15`);
    await page.getByRole('status').filter({ hasText: 'Loading doctor…' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Dr. Samuel Adeyemi', exact: true }).waitFor();
    await page.getByText('No related doctors found', { exact: true }).waitFor();
    await page.getByText('Gastroenterologist', { exact: true }).first().waitFor();

    await gotoApp(page, `${stack.siteUrl}/appointment/doc99`);
    await page.getByRole('heading', { name: 'Doctor not found', exact: true }).waitFor();
    await page.getByRole('link', { name: 'See all doctors', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/doctors`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists related doctors and moves between them; an unavailable doctor cannot be booked', async () => {
    const { page, context, pageErrors } = await open();
    await gotoApp(page, `${stack.siteUrl}/appointment/doc07`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Julian Ferreira', exact: true }).waitFor();
    const related = page.getByRole('region', { name: 'Related doctors', exact: true }).getByRole('link');
    await related.first().waitFor();
    expect(await related.count()).toBe(2); // doc08 and doc09, the other dermatologists
    await related.filter({ hasText: 'Dr. Rashid Benali' }).click();
    await page.waitForURL(`${stack.siteUrl}/appointment/doc09`);
    await page.getByRole('heading', { level: 1, name: 'Dr. Rashid Benali', exact: true }).waitFor();
    await page.getByText(MESSAGES.doctorUnavailable, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Book Appointment', exact: true }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
