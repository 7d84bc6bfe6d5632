import { clinicWallClock, toDateKey } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { useSiteJourney } from '../testing/browser/site-journey';
import { gotoApp, reloadApp } from '../testing/browser/browser';

// Session control and the audit trail, end to end: the built site, the admin app and the real API.
const journey = useSiteJourney({ admin: true, noPageErrors: true });
const { stack, fresh } = journey;

const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A login from another device (a phone's browser), straight through the API: its token. */
async function loginFromPhone(email: string, password: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_AGENT },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

function clinicDayKey(days: number): string {
  const today = clinicWallClock(new Date(), 'UTC');
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return toDateKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

describe('sessions and activity', () => {
  it('ends another session from My Profile; that browser is sent to login on its next action', async () => {
    const patient = await registerPatient(stack, 'Lena Phone');
    const { page: phone } = await fresh();
    await signInPage(phone, stack, await loginFromPhone(patient.email, patient.password));
    await gotoApp(phone, `${stack.siteUrl}/my-profile`);
    await phone.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();

    const { page: laptop } = await fresh();
    await signInPage(laptop, stack, patient.token);
    await gotoApp(laptop, `${stack.siteUrl}/my-profile`);
    const devices = laptop.getByRole('list', { name: 'Logged-in devices' });
    await devices.getByText('Safari on iPhone').waitFor();
    await laptop.getByRole('button', { name: /^Log out Safari on iPhone/ }).click();
    await laptop.locator('.Toastify').getByText('That device is logged out', { exact: true }).waitFor();
    await devices.getByText('Safari on iPhone').waitFor({ state: 'detached' });
    await expect(devices.getByRole('listitem').count()).resolves.toBe(1);

    // The phone's next action is refused (401): it lands on the login screen, its token gone.
    await phone.getByRole('navigation').getByRole('link', { name: 'My Appointments' }).first().click();
    await phone.waitForURL(/\/login\?reason=expired/);
    await expect(phone.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeNull();
    // The laptop keeps working.
    await reloadApp(laptop);
    await laptop.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await laptop.getByText('You are not logged in on any other device.').waitFor();
  });

  it('shows staff who cancelled an appointment on its history', async () => {
    const patient = await registerPatient(stack, 'Greta Cancel');
    const slotDate = clinicDayKey(2);
    await bookThroughApi(stack, patient.token, { docId: 'doc02', slotDate, slotTime: '15:00' });
    const listed = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { authorization: `Bearer ${patient.token}` } });
    const appointmentId = ((await listed.json()) as { appointments: Array<{ _id: string }> }).appointments[0]?._id ?? '';
    const cancelled = await fetch(`${stack.apiUrl}/api/v1/user/cancel-appointment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${patient.token}` },
      body: JSON.stringify({ appointmentId }),
    });
    expect(cancelled.status).toBe(200);

    const page = await journey.adminPage('/appointments?status=cancelled');
    const card = page.getByRole('listitem').filter({ hasText: 'Greta Cancel' });
    await card.getByRole('link', { name: /^History/ }).click();
    await page.waitForURL(`${journey.adminUrl}/appointments/${appointmentId}/history`);
    const history = page.getByRole('list', { name: 'History, newest first' });
    await history.getByText('cancelled the appointment').waitFor();
    await expect(history.locator('li').first().textContent()).resolves.toContain('Greta Cancel cancelled the appointment');
    await expect(history.textContent()).resolves.toContain('by: patient');
    await expect(history.textContent()).resolves.toContain('Greta Cancel booked the appointment');

    // The Activity page finds the same cancellation by its filters.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByLabel('Action').selectOption('appointment.cancel');
    await page.getByRole('list', { name: 'Activity' }).getByText('Greta Cancel').first().waitFor();
  });
});
