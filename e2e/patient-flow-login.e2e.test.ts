import { generateSlotDays, MESSAGES, type SlotDay } from '@carebook/shared';
import { FORM_TAKEN_OVER_EVENT } from '@carebook/shared/form-events';
import { registerPatient, signInPage } from '../testing/browser/api-calls';
import { pickSlot, selectedSummary } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import type { Page, Route } from 'playwright-core';
import { gotoApp, waitForApp } from '../testing/browser/browser';

const { stack, fresh } = useSiteJourney();

/** A day in the clinic zone (UTC here) a few days out, so today's clock never matters. */
function dayAhead(offset: number): SlotDay {
  const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[offset];
  if (!day) throw new Error('no such day');
  return day;
}

let counter = 0;

describe.each(VIEWPORTS)('booking through login on %s', (name, viewport) => {
  it('keeps the chosen doctor, day and time through sign-up, clears the warning, then one tap books', async () => {
    const { page, pageErrors } = await fresh({ viewport });
    const day = dayAhead(name === 'desktop' ? 2 : 3);
    await gotoApp(page, `${stack.siteUrl}/appointment/doc08`);
    await pickSlot(page, day, '14:30');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    const warning = page.getByText(MESSAGES.loginToBook, { exact: true });
    await warning.waitFor();
    await page.waitForURL('**/login?next=*');
    await page.getByRole('button', { name: 'Sign up here', exact: true }).click();
    counter += 1;
    await page.getByLabel('Full Name', { exact: true }).fill('Journey Patient');
    await page.getByLabel('Email', { exact: true }).fill(`journey${Date.now()}${counter}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await page.waitForURL(`**/appointment/doc08?date=${day.key}&time=14:30`);
    await page.getByText(MESSAGES.registered, { exact: true }).waitFor();
    await warning.waitFor({ state: 'detached' });
    await selectedSummary(page, day, '14:30').waitFor();
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    // Booked in place: the confirmation replaces the slot row.
    await page.getByRole('heading', { name: /Your appointment is booked/ }).waitFor();
    await page.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('sends a logged-in patient who opens /login on to where they were going', async () => {
    const patient = await registerPatient(stack);
    const { page } = await fresh({ viewport });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/login?next=%2Fmy-profile`);
    await page.waitForURL('**/my-profile');
    await page.getByRole('heading', { level: 1, name: 'My Profile', exact: true }).waitFor();
  });

  it('says the session expired and returns to the page after logging in again', async () => {
    const patient = await registerPatient(stack);
    const { page } = await fresh({ viewport });
    await signInPage(page, stack, 'expired-or-forged-token');
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await page.waitForURL('**/login?reason=expired&next=%2Fmy-appointments');
    await page.getByText(MESSAGES.sessionExpired, { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/my-appointments');
    await page.getByRole('heading', { level: 1, name: 'My Appointments', exact: true }).waitFor();
  });
});

/**
 * Holds a remote's scripts back until `release` is called: its region stays the server's HTML,
 * usable as a form, while the rest of the app (main.js, the shell) has arrived.
 */
async function holdRemote(page: Page, remote: string): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(`${stack.appUrl(remote)}/**/*.js`, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

/** The documents the page asks for from now on (a form's own post, a reload). */
function laterDocuments(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(`${request.method()} ${request.url()}`);
  });
  return documents;
}

/** Resolves once the app has taken a form of the page over (the event the kit's fields dispatch as they mount). */
function formTakenOver(page: Page): Promise<void> {
  return page.evaluate(
    (name) => new Promise<void>((resolve) => document.addEventListener(name, () => resolve(), { once: true })),
    FORM_TAKEN_OVER_EVENT,
  );
}

// A slow phone: the server's login page is on screen, and typed into, before the account remote's
// code has arrived (docs/architecture.md, "Acting before the scripts").
describe('the login form before the app has arrived', () => {
  const phone = VIEWPORTS[1][1];

  it('keeps what was typed: once the app has taken the form over, Login sends it', async () => {
    const patient = await registerPatient(stack);
    const { page, pageErrors } = await fresh({ viewport: phone });
    const account = await holdRemote(page, 'account');
    await page.goto(`${stack.siteUrl}/login?next=%2Fmy-appointments`, { waitUntil: 'domcontentloaded' });
    const documents = laterDocuments(page);
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    const takenOver = formTakenOver(page);
    await account.release();
    await takenOver;
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(patient.email);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/my-appointments');
    await page.getByText(MESSAGES.loggedIn, { exact: true }).waitFor();
    expect(documents).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('holds a login sent before the app (Enter in the password field), then sends it through the app, once', async () => {
    const patient = await registerPatient(stack);
    const { page, pageErrors } = await fresh({ viewport: phone });
    const account = await holdRemote(page, 'account');
    await page.goto(`${stack.siteUrl}/login?next=%2Fmy-appointments`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const documents = laterDocuments(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/user/login')) logins.push(request.method());
    });
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Held, and shown as waiting: the browser's own post would bring the page back empty.
    await page.locator('form[aria-busy="true"]').waitFor();
    await account.release();
    await page.waitForURL('**/my-appointments');
    await page.getByText(MESSAGES.loggedIn, { exact: true }).waitFor();
    expect(documents).toEqual([]);
    expect(logins).toEqual(['POST']);
    expect(pageErrors).toEqual([]);
  });

  it('sends a contact message written before the app, with what was typed', async () => {
    const { page, pageErrors } = await fresh({ viewport: phone });
    const pages = await holdRemote(page, 'pages');
    await page.goto(`${stack.siteUrl}/contact`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const documents = laterDocuments(page);
    await page.getByLabel('Your name', { exact: true }).fill('Ana Patient');
    await page.getByLabel('Email address', { exact: true }).fill('ana@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Parking');
    await page.getByLabel('Message', { exact: true }).fill('Is there parking near the clinic?');
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await page.locator('form[aria-busy="true"]').waitFor();
    await pages.release();
    await page.getByText(MESSAGES.contactThanks, { exact: true }).waitFor();
    expect(documents).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
