import { generateSlotDays, MESSAGES, type SlotDay } from '@carebook/shared';
import { registerPatient, signInPage } from '../testing/browser/api-calls';
import { pickSlot, selectedSummary } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import { gotoApp } from '../testing/browser/browser';

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
