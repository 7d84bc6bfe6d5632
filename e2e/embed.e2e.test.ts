import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { MESSAGES, type Doctor, type SlotDay } from '@carebook/shared';
import { registerPatient } from '../testing/browser/api-calls';
import { launchBrowser, openPage } from '../testing/browser/browser';
import { freePort } from '../testing/node/free-port';
import { clinicTomorrow, dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';

// An integrator's page on its own origin, with its own zone: slots still follow the clinic's.
const CLINIC_ZONE = 'Europe/Berlin';

let stack: Stack;
let browser: Browser;
let clinicSite: FastifyInstance;
let clinicOrigin: string;

beforeAll(async () => {
  const port = await freePort();
  clinicOrigin = `http://127.0.0.1:${port}`;
  // The API must let the integrator's origin call it; the CareBook site itself is not used here.
  stack = await startStack({ timeZone: CLINIC_ZONE, env: { CORS_ORIGINS: clinicOrigin } });
  clinicSite = Fastify({ logger: false });
  await clinicSite.register(fastifyStatic, { root: path.join(__dirname, '..', 'remotes', 'booking', 'src', 'embed', 'examples') });
  await clinicSite.listen({ host: '127.0.0.1', port });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await clinicSite?.close();
  await stack?.close();
});

function tomorrow(): SlotDay {
  return clinicTomorrow(CLINIC_ZONE);
}

function examplePage(doctor = 'doc01'): string {
  const query = new URLSearchParams({
    remoteEntry: `${stack.appUrl('booking')}/remoteEntry.js`,
    api: stack.apiUrl,
    doctor,
  });
  return `${clinicOrigin}/example.html?${query.toString()}`;
}

describe('the booking embed on a page that is not ours', () => {
  it('books a slot with no host loaded: login through the callback, then book', async () => {
    const patient = await registerPatient(stack);
    const { page, context, pageErrors, requests } = await openPage(browser, {
      timezoneId: 'Pacific/Auckland',
      viewport: { width: 360, height: 780 },
    });
    const day = tomorrow();
    await page.goto(examplePage());
    await page.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();

    // A visitor: the widget hands over to the page's own login form.
    await dayChoice(page, day).click();
    await timeChoice(page, '15:00').click();
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    // The page hides its form and remounts the widget with the token: pick again and book.
    await page.getByLabel('Email', { exact: true }).waitFor({ state: 'hidden' });
    await page.getByText('No time selected', { exact: true }).waitFor();
    await dayChoice(page, day).click();
    await timeChoice(page, '15:00').click();
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Booked 15:00 on ${day.key.split('_').join('/')}. ${MESSAGES.appointmentBooked}.` })
      .waitFor();
    await timeChoice(page, '15:00').waitFor({ state: 'detached' });
    await timeChoice(page, '15:30').waitFor();

    const response = await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`);
    const { doctors } = (await response.json()) as { doctors: Doctor[] };
    expect(doctors.find((doctor) => doctor._id === 'doc01')?.slots_booked[day.key]).toEqual(['15:00']);
    // Nothing came from the host, and the token never went into the page's localStorage.
    expect(requests.filter((url) => url.startsWith(stack.siteUrl))).toEqual([]);
    expect(requests.some((url) => url.startsWith(`${stack.appUrl('booking')}/remoteEntry.js`))).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('uses a token the page already has, and says when a doctor is unknown', async () => {
    const patient = await registerPatient(stack);
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(`${clinicOrigin}/example.html`);
    await page.evaluate((token) => window.sessionStorage.setItem('clinic-carebook-token', token), patient.token);
    const day = tomorrow();
    await page.goto(examplePage('doc03'));
    await page.getByRole('heading', { level: 2, name: 'Dr. Helena Marsh', exact: true }).waitFor();
    await dayChoice(page, day).click();
    await timeChoice(page, '20:30').click();
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).isVisible()).toBe(false);

    await page.goto(examplePage('doc99'));
    await page.getByRole('heading', { name: MESSAGES.doctorNotFound, exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
