import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { type Doctor, MESSAGES, toIsoDate, generateSlotDays, type SlotDay } from '@carebook/shared';
import { adminCall, bookThroughApi, registerPatient, signInPage, type Patient } from '../testing/browser/api-calls';
import { gotoApp } from '../testing/browser/browser';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';

// Staff give a doctor time off over a booked visit; the patient sees it on My Appointments and
// keeps the time with "Keep this time"; the admin app then says the patient kept it.
const SHOTS = 'e2e/artifacts';
const { stack, fresh, adminPage } = useSiteJourney({ admin: true, noPageErrors: true });

async function doc02(): Promise<Doctor> {
  const { doctors } = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as { doctors: Doctor[] };
  const found = doctors.find((d) => d._id === 'doc02');
  if (!found?.schedule) throw new Error('doc02 has no schedule');
  return found;
}

/** The `offset`-th day doc02 has free times from today on (the stack's clinic zone is UTC). */
async function visitDay(offset: number): Promise<SlotDay> {
  const doctor = await doc02();
  const days = generateSlotDays({ now: new Date(), timeZone: 'UTC', schedule: doctor.schedule, booked: doctor.slots_booked }).filter(
    (d) => d.times.length >= 2,
  );
  const day = days[offset];
  if (!day) throw new Error('no bookable day');
  return day;
}

/** A patient with a visit at `slotTime` on `day`, then staff put doc02 on time off that day. */
async function strandedPatient(day: SlotDay, slotTime: string): Promise<Patient> {
  const patient = await registerPatient(stack, 'Stranded Patient');
  await bookThroughApi(stack, patient.token, { docId: 'doc02', slotDate: day.key, slotTime });
  return patient;
}

async function giveTimeOff(day: SlotDay): Promise<void> {
  const schedule = (await doc02()).schedule;
  if (!schedule) throw new Error('doc02 has no schedule');
  const { conflicts } = await adminCall<{ conflicts: unknown[] }>(stack, '/api/v1/admin/doctor-schedule', {
    docId: 'doc02',
    weekly: schedule.weekly,
    timeOff: [...schedule.timeOff, { from: toIsoDate(day), to: toIsoDate(day) }],
  });
  expect(conflicts.length).toBeGreaterThan(0);
}

const notice = (page: Page) => page.getByRole('group', { name: 'The doctor’s hours have changed' });

test('a stranded visit shows the notice; Keep this time keeps it, and staff see the patient kept it', async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const day = await visitDay(2);
  const [first, second] = day.times as [string, string];
  const patient = await strandedPatient(day, first);
  const late = await strandedPatient(day, second);
  await giveTimeOff(day);

  const { page } = await fresh();
  await signInPage(page, stack, patient.token);
  await gotoApp(page, `${stack.siteUrl}/my-appointments`);
  const question = notice(page);
  await question.waitFor();
  await question.getByText(/It is still booked\. Keep this time if it still suits you, or choose another time/).waitFor();
  const keep = question.getByRole('button', { name: 'Keep this time', exact: true });
  const other = question.getByRole('link', { name: 'Choose another time', exact: true });
  expect(await other.getAttribute('href')).toMatch(/^\/appointment\/doc02\?reschedule=/);
  expect(await keep.getAttribute('aria-describedby')).toBeTruthy();
  for (const [name, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await question.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stranded-visit-${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0][1]);

  // With the keyboard: the button takes focus and Enter presses it.
  await keep.focus();
  await page.keyboard.press('Enter');
  const kept = page.getByTestId('outside-hours-kept');
  await kept.getByText('Done: you are keeping this time.', { exact: false }).waitFor();
  await expect(kept.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  await page.locator('.Toastify').getByText(MESSAGES.appointmentKept, { exact: true }).waitFor();
  expect(await notice(page).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/stranded-visit-kept-1280.png`, fullPage: true });

  const mine = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
  const { appointments } = (await mine.json()) as { appointments: Array<{ outsideHours?: string | null }> };
  expect(appointments.map((a) => a.outsideHours)).toEqual(['kept']);

  // After a reload the visit still says it is kept, without the question.
  await gotoApp(page, `${stack.siteUrl}/my-appointments`);
  await page.getByText('This time is kept, although the doctor’s hours changed.', { exact: false }).waitFor();
  expect(await notice(page).count()).toBe(0);

  const admin = await adminPage('/appointments?doctor=doc02');
  const card = admin.getByRole('listitem').filter({ hasText: patient.email });
  await card.getByText(/the patient kept this time\.$/).waitFor();
  const lateCard = admin.getByRole('listitem').filter({ hasText: late.email });
  await lateCard.getByText(/Reminder held until the patient or staff decide\.$/).waitFor();
}, 180_000);

test('keeping a visit staff already settled says so and shows it kept', async () => {
  const day = await visitDay(3);
  const patient = await strandedPatient(day, day.times[0] as string);
  await giveTimeOff(day);

  const { page } = await fresh({ viewport: VIEWPORTS[1][1] });
  await signInPage(page, stack, patient.token);
  await gotoApp(page, `${stack.siteUrl}/my-appointments`);
  const keep = notice(page).getByRole('button', { name: 'Keep this time', exact: true });
  await keep.waitFor();

  // Meanwhile the clinic keeps it from the admin app's API.
  const mine = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
  const [visit] = ((await mine.json()) as { appointments: Array<{ _id: string }> }).appointments;
  await adminCall(stack, '/api/v1/admin/appointment-keep', { appointmentId: visit?._id });

  await keep.click();
  await page.getByRole('alert').getByText(MESSAGES.appointmentNotHeld, { exact: true }).waitFor();
  await page.getByText('This time is kept, although the doctor’s hours changed.', { exact: false }).waitFor();
  expect(await notice(page).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/stranded-visit-already-kept-390.png`, fullPage: true });
}, 120_000);
