import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { clinicWallClock, formatAppointmentTime, parseDateKey, toDateKey } from '@carebook/shared';
import sharp from 'sharp';
import { adminCall, bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { gotoApp, reloadApp, launchBrowser, openPage, type TrackedPage } from '../testing/browser/browser';
import { dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';
import { axeViolations } from '../testing/browser/axe';

let stack: Stack;
let browser: Browser;
let photoDir: string;
const opened: TrackedPage[] = [];

// A valid 1×1 PNG: the API checks photos by their bytes, not by their name.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-account-'));
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  fs.rmSync(photoDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const tracked of opened.splice(0)) {
    expect(tracked.pageErrors).toEqual([]);
    await tracked.context.close();
  }
});

async function fresh(options?: Parameters<typeof openPage>[1]): Promise<TrackedPage> {
  const tracked = await openPage(browser, options);
  opened.push(tracked);
  return tracked;
}

/** `day_month_year` of the clinic day `days` after today (the API's clinic zone is UTC here). */
function clinicDayKey(days: number): string {
  const today = clinicWallClock(new Date(), 'UTC');
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return toDateKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

async function appointmentsOf(token: string): Promise<Array<{ _id: string; docId: string; slotTime: string }>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments: Array<{ _id: string; docId: string; slotTime: string }> }).appointments;
}

describe('account journeys', () => {
  it('signs up, logs out through the Profile menu and logs back in', async () => {
    const { page } = await fresh();
    const email = `new${Date.now()}@example.com`;
    await gotoApp(page, `${stack.siteUrl}/login`);
    await page.getByRole('button', { name: 'Sign up here', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Nora Patient');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await toast(page, 'Registered successfully').waitFor();
    await page.waitForURL(`${stack.siteUrl}/`);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/login`);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Logged in successfully').waitFor();
    await page.waitForURL(`${stack.siteUrl}/`);
    await page.getByRole('button', { name: 'Profile', exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  });

  it("shows the server's message for a wrong password and stays on the login screen", async () => {
    const patient = await registerPatient(stack);
    const { page } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/login?next=/my-appointments`);
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await expect(page.locator('form').getByRole('alert').textContent()).resolves.toBe('Invalid email or password');
    await toast(page, 'Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).resolves.toBe(true);

    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/my-appointments`);
  });

  it('edits the profile with a photo and still sees it after a reload', async () => {
    const patient = await registerPatient(stack, 'Photo Patient');
    const photo = path.join(photoDir, 'me.png');
    fs.writeFileSync(photo, Buffer.from(PNG_1X1, 'base64'));
    const { page } = await fresh();
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-profile`);

    await page.getByRole('button', { name: 'Edit profile', exact: true }).click();
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Address line 1', { exact: true }).fill('12 Harbour Road');
    await page.getByLabel('Address line 2', { exact: true }).fill('Flat 3');
    await page.getByLabel('Gender', { exact: true }).selectOption('Other');
    await page.getByLabel('Date of birth', { exact: true }).fill('1988-03-14');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(photo);
    const preview = page.getByRole('img', { name: 'Preview of the new photo', exact: true });
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    await page.getByRole('button', { name: 'Edit profile', exact: true }).waitFor();

    await reloadApp(page);
    const main = page.locator('main');
    await main.getByText('+1 555 0100', { exact: true }).waitFor();
    await main.getByText('12 Harbour Road, Flat 3', { exact: true }).waitFor();
    await main.getByText('Other', { exact: true }).waitFor();
    await main.getByText('1988-03-14', { exact: true }).waitFor();
    const image = main.getByRole('img', { name: 'Photo of Photo Patient', exact: true });
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^https?:\/\//);
    // Loaded (decoded, not broken): one of the widths it is stored at (the 1 × 1 PNG stays 1 × 1 at
    // each), the one the 120 px box needs.
    await expect(image.evaluate((img: HTMLImageElement) => img.decode())).resolves.toBeUndefined();
    const shown = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).toMatch(/\/uploads\/[0-9a-f]{32}-240\.webp$/);
    const served = await fetch(shown);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
  });

  it('books on the booking page, sees the appointment, cancels it and sees the slot free again', async () => {
    const patient = await registerPatient(stack);
    const slotDate = clinicDayKey(1);
    const day = parseDateKey(slotDate)!;
    const { page } = await fresh();
    await signInPage(page, stack, patient.token);

    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await dayChoice(page, day).click();
    await timeChoice(page, '15:30').click();
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByRole('link', { name: 'View my appointments', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/my-appointments`);

    const card = page.getByRole('listitem').filter({ hasText: 'Dr. Amara Lindqvist' });
    await card.getByText(`Date & Time: ${formatAppointmentTime(slotDate, '15:30')}`, { exact: true }).waitFor();
    await card.getByText('General Physician', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: 'Pay Online', exact: true }).isDisabled()).resolves.toBe(true);

    await card.getByRole('button', { name: 'Cancel Appointment', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this appointment?', exact: true });
    await dialog.getByRole('button', { name: 'Yes, cancel it', exact: true }).click();
    await toast(page, 'Appointment cancelled').waitFor();
    const cancelled = card.getByRole('button', { name: 'Appointment Cancelled', exact: true });
    await expect(cancelled.isDisabled()).resolves.toBe(true);
    await expect(card.getByRole('button', { name: 'Cancel Appointment', exact: true }).count()).resolves.toBe(0);

    // The freed slot is offered again, without a reload: the shared doctor list was refreshed.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/appointment/doc01');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await dayChoice(page, day).click();
    await timeChoice(page, '15:30').waitFor();
  });

  it('shows an appointment marked paid and one marked completed through the admin API', async () => {
    const patient = await registerPatient(stack);
    const slotDate = clinicDayKey(2);
    await bookThroughApi(stack, patient.token, { docId: 'doc02', slotDate, slotTime: '11:00' });
    await bookThroughApi(stack, patient.token, { docId: 'doc03', slotDate, slotTime: '12:00' });
    await bookThroughApi(stack, patient.token, { docId: 'doc04', slotDate, slotTime: '13:00' });
    const booked = await appointmentsOf(patient.token);
    const idOf = (docId: string) => booked.find((appointment) => appointment.docId === docId)!._id;
    await adminCall(stack, '/api/v1/admin/appointment-paid', { appointmentId: idOf('doc02') });
    await adminCall(stack, '/api/v1/admin/appointment-complete', { appointmentId: idOf('doc03') });

    const { page } = await fresh();
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);

    const paid = page.getByRole('listitem').filter({ hasText: 'Dr. Tobias Okafor' });
    await paid.getByText('Appointment Paid', { exact: true }).waitFor();
    await expect(paid.getByRole('button', { name: 'Cancel Appointment', exact: true }).isEnabled()).resolves.toBe(true);
    await expect(paid.getByRole('button', { name: 'Pay Online', exact: true }).count()).resolves.toBe(0);
    await paid.getByText(`Date & Time: ${formatAppointmentTime(slotDate, '11:00')}`, { exact: true }).waitFor();

    const completed = page.getByRole('listitem').filter({ hasText: 'Dr. Helena Marsh' });
    await completed.getByText('Completed!', { exact: true }).waitFor();
    await expect(completed.getByRole('button').allTextContents()).resolves.toEqual(['Rate this visit']);

    const unpaid = page.getByRole('listitem').filter({ hasText: 'Dr. Priya Raghunathan' });
    await expect(unpaid.getByRole('button', { name: 'Pay Online', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(unpaid.getByRole('button', { name: 'Cancel Appointment', exact: true }).isEnabled()).resolves.toBe(true);
    await expect(page.locator('main').getByRole('listitem').count()).resolves.toBe(3);
  });

  it('tells a visitor to log in on My Appointments and My Profile', async () => {
    const { page } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await page.getByText('Please login to view your appointments.', { exact: true }).waitFor();
    await gotoApp(page, `${stack.siteUrl}/my-profile`);
    await page.getByText('Please login to view your profile.', { exact: true }).waitFor();
    await page.locator('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/login?next=%2Fmy-profile`);
  });

  it('has no axe-core violations and fits a 360 px phone on its screens', async () => {
    const patient = await registerPatient(stack, 'Small Screen');
    await bookThroughApi(stack, patient.token, { docId: 'doc05', slotDate: clinicDayKey(3), slotTime: '16:00' });
    const { page } = await fresh({ viewport: { width: 360, height: 740 } });
    const check = async (ready: () => Promise<void>): Promise<void> => {
      await ready();
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);
      // Only this remote's region: the host's navbar is measured by the host's own journeys.
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main *'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect(wide).toEqual([]);
    };

    await gotoApp(page, `${stack.siteUrl}/login`);
    await check(async () => {
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-profile`);
    await check(() => page.getByRole('button', { name: 'Edit profile', exact: true }).click());
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await check(async () => {
      await page.getByRole('button', { name: 'Cancel Appointment', exact: true }).click();
      await page.getByRole('alertdialog').waitFor();
    });
  });
});
