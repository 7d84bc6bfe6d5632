import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { clinicWallClock, formatAppointmentTime, MESSAGES, toDateKey } from '@carebook/shared';
import sharp from 'sharp';
import { adminToken, bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { ADMIN_TOKEN_KEY, storeAdminToken, useSiteJourney } from '../testing/browser/site-journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../testing/browser/stack';
import { gotoApp } from '../testing/browser/browser';
import { axeViolations } from '../testing/browser/axe';

// The admin app (admin/dist) served as deployed, beside the whole site and the real API; it reads
// the test API's address from its /config.json.
const journey = useSiteJourney({ admin: true, noPageErrors: true });
const { stack, fresh, adminPage } = journey;
let photoDir: string;

beforeAll(() => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-admin-e2e-'));
});

afterAll(() => {
  fs.rmSync(photoDir, { recursive: true, force: true });
});

function clinicDayKey(days: number): string {
  const today = clinicWallClock(new Date(), 'UTC');
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return toDateKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

async function patientAppointments(token: string): Promise<Array<{ _id: string; docId: string; slotDate: string }>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments: Array<{ _id: string; docId: string; slotDate: string }> }).appointments;
}

describe('the admin app', () => {
  it('logs in with the admin credential only, and returns to the screen asked for', async () => {
    const { page } = await fresh();
    await page.goto(`${journey.adminUrl}/appointments`);
    await page.waitForURL(`${journey.adminUrl}/login?next=%2Fappointments`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText(MESSAGES.invalidEmail, { exact: true }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('admin-email');

    const patient = await registerPatient(stack, 'Not Staff');
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.wrongCredentials }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${journey.adminUrl}/appointments`);
    await page.getByRole('heading', { level: 1, name: 'Appointments', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(`${journey.adminUrl}/login`);
    await expect(page.evaluate((key) => window.localStorage.getItem(key), ADMIN_TOKEN_KEY)).resolves.toBeNull();
  });

  it('adds a doctor with a camera photo, who then appears on the patient site at once, the photo at the size each screen draws it', async () => {
    // A camera's photo: 3000 × 4000, 2.4 MB (the limit is 5 MB).
    const photo = path.join(photoDir, 'portrait.jpg');
    const original = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
      .jpeg({ quality: 70 })
      .toBuffer();
    fs.writeFileSync(photo, original);
    const page = await adminPage('/doctors');
    await page.getByRole('link', { name: 'Add doctor', exact: true }).click();
    await page.getByRole('button', { name: 'Add doctor', exact: true }).click();
    await page.getByText(MESSAGES.photoRequired, { exact: true }).waitFor();
    await page.getByText(MESSAGES.invalidName, { exact: true }).waitFor();

    await page.getByLabel('Photo', { exact: true }).setInputFiles(photo);
    await page.getByLabel('Full name', { exact: true }).fill('Dr. Ingrid Solberg');
    await page.getByLabel('Specialization', { exact: true }).selectOption('Neurologist');
    await page.getByLabel('Experience (optional)', { exact: true }).fill('9 Years');
    await page.getByLabel('Fee in dollars', { exact: true }).fill('95');
    await page.getByLabel('Location (optional)', { exact: true }).fill('Northgate Clinic');
    await page.getByLabel('About (optional)', { exact: true }).fill('Treats migraine and sleep disorders.');
    await page.getByRole('button', { name: 'Add doctor', exact: true }).click();
    await toast(page, MESSAGES.doctorAdded).waitFor();
    await page.waitForURL(`${journey.adminUrl}/doctors`);
    await page.getByRole('heading', { name: 'Dr. Ingrid Solberg', exact: true }).waitFor();

    const { page: site } = await fresh();
    await gotoApp(site, `${stack.siteUrl}/doctors/Neurologist`);
    const card = site.getByRole('article').filter({ hasText: 'Dr. Ingrid Solberg' });
    await card.getByText('Northgate Clinic').waitFor();
    // The browser takes the smallest stored width sharp on the card: about 300 px wide here, 104 px on a phone.
    const shown = async (page: Page): Promise<{ url: string; width: number | undefined }> => {
      const img = page.getByRole('article').filter({ hasText: 'Dr. Ingrid Solberg' }).getByRole('img');
      await expect(img.evaluate((el: HTMLImageElement) => el.decode())).resolves.toBeUndefined();
      const url = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
      const served = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url, width: (await sharp(served).metadata()).width };
    };
    const desktop = await shown(site);
    expect(desktop).toEqual({ url: expect.stringMatching(/\/uploads\/[0-9a-f]{32}-480\.webp$/), width: 480 });
    const { page: phone } = await fresh({ viewport: { width: 390, height: 844 } });
    await gotoApp(phone, `${stack.siteUrl}/doctors/Neurologist`);
    const onPhone = await shown(phone);
    expect(onPhone).toEqual({ url: expect.stringMatching(/\/uploads\/[0-9a-f]{32}-240\.webp$/), width: 240 });
    const served = await fetch(onPhone.url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // What the phone downloads for the card, against the camera's file.
    const bytes = (await served.arrayBuffer()).byteLength;
    console.log(`admin photo: the camera's ${original.length} bytes, the phone's card ${bytes} bytes, the desktop card's the 480 px width`);
    expect(bytes).toBeLessThan(original.length / 20);
  });

  it('edits a doctor, keeping what was not changed', async () => {
    const page = await adminPage('/doctors');
    await page.getByRole('link', { name: 'Edit Dr. Elise Moreau', exact: true }).click();
    const fee = page.getByLabel('Fee in dollars', { exact: true });
    await fee.fill('12.5');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText(MESSAGES.invalidFees, { exact: true }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('doctor-fees');
    await fee.fill('140');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await toast(page, MESSAGES.doctorUpdated).waitFor();
    const reply = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as {
      doctors: Array<{ _id: string; fees: number; specialization: string; image: string }>;
    };
    expect(reply.doctors.find((doctor) => doctor._id === 'doc12')).toMatchObject({
      fees: 140,
      specialization: 'Pediatrician',
      image: expect.stringContaining('/static/doctors/doc12.svg'),
    });
  });

  it('takes a doctor off the schedule: the card says so and the API refuses the booking', async () => {
    const page = await adminPage('/doctors');
    const row = page.getByRole('listitem').filter({ hasText: 'Dr. Kwame Asante' });
    const toggle = row.getByRole('switch', { name: 'Taking appointments', exact: true });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await toggle.click();
    await toast(page, 'Dr. Kwame Asante: not taking appointments').waitFor();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');

    const { page: site } = await fresh();
    await gotoApp(site, `${stack.siteUrl}/doctors/Pediatrician`);
    const card = site.getByRole('article').filter({ hasText: 'Dr. Kwame Asante' });
    await card.getByText('Not booking now', { exact: true }).waitFor();

    const patient = await registerPatient(stack);
    const response = await fetch(`${stack.apiUrl}/api/v1/user/book-appointment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${patient.token}` },
      body: JSON.stringify({ docId: 'doc11', slotDate: clinicDayKey(1), slotTime: '10:00' }),
    });
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([409, MESSAGES.doctorUnavailable]);
  });

  it('marks an appointment completed, which the patient then sees as Completed', async () => {
    const patient = await registerPatient(stack, 'Greta Lund');
    const slotDate = clinicDayKey(2);
    await bookThroughApi(stack, patient.token, { docId: 'doc02', slotDate, slotTime: '11:00' });
    const page = await adminPage('/appointments');
    await page.getByLabel('Doctor', { exact: true }).selectOption({ label: 'Dr. Tobias Okafor' });
    await page.waitForURL(/doctor=doc02/);
    await page.getByRole('status').filter({ hasText: '1 appointment' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Patient: Greta Lund' });
    await card.getByRole('heading', { name: `${formatAppointmentTime(slotDate, '11:00')} · Dr. Tobias Okafor`, exact: true }).waitFor();
    await card.getByRole('button', { name: /^Mark completed/ }).click();
    await toast(page, MESSAGES.appointmentCompleted).waitFor();
    await card.getByText('Completed', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: /^Cancel/ }).count()).resolves.toBe(0);

    const { page: site } = await fresh();
    await signInPage(site, stack, patient.token);
    await gotoApp(site, `${stack.siteUrl}/my-appointments`);
    await site.getByRole('listitem').filter({ hasText: 'Dr. Tobias Okafor' }).getByText('Completed!', { exact: true }).waitFor();
  });

  it('marks paid, and cancels only after confirming, freeing the slot', async () => {
    const patient = await registerPatient(stack, 'Omar Reyes');
    const slotDate = clinicDayKey(3);
    await bookThroughApi(stack, patient.token, { docId: 'doc04', slotDate, slotTime: '15:00' });
    const page = await adminPage('/appointments?doctor=doc04&status=upcoming');
    const card = page.getByRole('listitem').filter({ hasText: 'Patient: Omar Reyes' });
    await card.getByRole('button', { name: /^Mark paid/ }).click();
    await toast(page, MESSAGES.appointmentPaid).waitFor();
    await card.getByText('Paid · $', { exact: false }).waitFor();

    const cancel = card.getByRole('button', { name: /^Cancel appointment/ });
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep it');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await patientAppointments(patient.token))[0]).toMatchObject({ docId: 'doc04' });

    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
    await toast(page, MESSAGES.appointmentCancelled).waitFor();
    // The filter is "upcoming": the cancelled visit leaves the list.
    await page.getByText('No appointments match these filters.', { exact: true }).waitFor();
    const doctors = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as {
      doctors: Array<{ _id: string; slots_booked: Record<string, string[]> }>;
    };
    expect(doctors.doctors.find((doctor) => doctor._id === 'doc04')?.slots_booked[slotDate] ?? []).not.toContain('15:00');
  });

  it("refuses a patient's token: the panel's calls get 401 and the login screen shows", async () => {
    const patient = await registerPatient(stack);
    for (const call of ['/api/v1/admin/appointments', '/api/v1/admin/all-doctors']) {
      const response = await fetch(`${stack.apiUrl}${call}`, { headers: { Authorization: `Bearer ${patient.token}` } });
      expect([call, response.status]).toEqual([call, 401]);
    }
    const { page } = await fresh();
    await storeAdminToken(page, journey.adminUrl, patient.token);
    const adminReplies: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/admin/')) adminReplies.push(`${new URL(response.url()).pathname} ${response.status()}`);
    });
    await page.goto(`${journey.adminUrl}/doctors`);
    await page.waitForURL(`${journey.adminUrl}/login?next=%2Fdoctors`);
    await page.getByRole('alert').filter({ hasText: MESSAGES.adminOnly }).waitFor();
    expect(adminReplies).toEqual(['/api/v1/admin/all-doctors 401']);
    await expect(page.evaluate((key) => window.localStorage.getItem(key), ADMIN_TOKEN_KEY)).resolves.toBeNull();
  });

  it.each([
    [1280, 900, '16:00'],
    [360, 740, '16:30'],
  ])('has no axe-core violations, overflow or small targets at %i px on every screen', async (width, height, slotTime) => {
    const patient = await registerPatient(stack, 'Axe Patient');
    await bookThroughApi(stack, patient.token, { docId: 'doc05', slotDate: clinicDayKey(1), slotTime });
    {
      const { page } = await fresh({ viewport: { width, height } });
      await page.goto(`${journey.adminUrl}/login`);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByText(MESSAGES.invalidEmail, { exact: true }).waitFor();
      const violations = await axeViolations(page);
      const screens: Array<[string, () => Promise<unknown>]> = [
        ['/', () => page.getByRole('heading', { name: 'This week by doctor', exact: true }).waitFor()],
        ['/doctors', () => page.getByRole('switch').first().waitFor()],
        ['/doctors/new', () => page.getByLabel('Full name', { exact: true }).waitFor()],
        ['/appointments', () => page.getByRole('status').filter({ hasText: /\d+ appointments?/ }).waitFor()],
      ];
      const token = await adminToken(stack);
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_KEY, token] as const);
      const wide: string[] = [];
      for (const [route, ready] of screens) {
        await page.goto(`${journey.adminUrl}${route}`);
        await ready();
        violations.push(...(await axeViolations(page)));
        wide.push(
          ...(await page.evaluate(() =>
            Array.from(document.querySelectorAll('body *'))
              .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
              .map((el) => `${location.pathname} ${el.tagName}.${el.className}`),
          )),
        );
      }
      await page.getByRole('button', { name: /^Cancel appointment/ }).first().click();
      await page.getByRole('alertdialog').waitFor();
      violations.push(...(await axeViolations(page)));
      expect(violations).toEqual([]);
      expect(wide).toEqual([]);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main button, main a, main select, main input, header button, header a'))
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ el, box }) => box.width > 0 && box.height < 44 && !el.closest('p'))
          .map(({ el }) => `${el.tagName} ${el.textContent}`),
      );
      expect(small).toEqual([]);
    }
  }, 120_000);
});
