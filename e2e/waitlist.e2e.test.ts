import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { clinicWallClock, formatAppointmentTime, generateSlotDays, MESSAGES, toDateKey } from '@carebook/shared';
import { useSmtpCatcher } from '../testing/node/smtp-catcher';
import { type PgCluster, startPgCluster } from '../testing/node/pg-cluster';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { gotoApp } from '../testing/browser/browser';
import { useSiteJourney } from '../testing/browser/site-journey';
import { pickSlot } from '../testing/browser/slot-picker';

// On PostgreSQL, so the test can give a patient a visit that has already happened (booking refuses
// past times, and staff mark a visit missed only once its time has passed).
let cluster: PgCluster;
let databaseUrl = '';
beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('waitlist_e2e');
});

const smtp = useSmtpCatcher();
const journey = useSiteJourney({
  admin: true,
  noPageErrors: true,
  stack: () => ({ env: { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, MAIL_POLL_MS: '200', NO_SHOW_LIMIT: '1', NO_SHOW_WINDOW_DAYS: '30' } }),
});
const { stack, fresh } = journey;
afterAll(() => cluster?.stop());

const days = () => generateSlotDays({ now: new Date(), timeZone: 'UTC' });

async function cancelThroughApi(token: string, appointmentId: string): Promise<void> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/cancel-appointment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ appointmentId }),
  });
  expect(response.status).toBe(200);
}

async function appointmentsOf(token: string): Promise<Array<{ _id: string; slotDate: string; slotTime: string; cancelled: boolean }>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments: Array<{ _id: string; slotDate: string; slotTime: string; cancelled: boolean }> }).appointments;
}

describe('an earlier time from the waitlist', () => {
  it('asks on My Appointments, gets the email when another patient cancels, and takes the time', async () => {
    const asker = await registerPatient(stack, 'Wanda Waiting');
    const other = await registerPatient(stack, 'Carl Cancelling');
    const [, tomorrow, , later] = days();
    if (!tomorrow || !later) throw new Error('no booking days');
    await bookThroughApi(stack, asker.token, { docId: 'doc03', slotDate: later.key, slotTime: '15:00' });
    await bookThroughApi(stack, other.token, { docId: 'doc03', slotDate: tomorrow.key, slotTime: '11:00' });
    const [freed] = (await appointmentsOf(other.token)).filter((a) => !a.cancelled);

    const { page } = await fresh({ viewport: { width: 1280, height: 900 } });
    await signInPage(page, stack, asker.token);
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await page.getByRole('button', { name: 'Notify me of an earlier time', exact: true }).click();
    // Narrowed to mornings: the time that frees up below (11:00) fits.
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Only some times? (optional)', { exact: true }).click();
    await dialog.getByRole('radio', { name: 'Mornings (before 1 PM)', exact: true }).check();
    await page.screenshot({ path: '/tmp/carebook-waitlist-narrowing-1280.png' });
    await dialog.getByRole('button', { name: 'Yes, notify me', exact: true }).click();
    await page.getByText(MESSAGES.waitlistAdded, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Waiting for an earlier time', exact: true }).waitFor();
    await page.getByText(/, in the mornings\. We email you/).waitFor();
    await page.screenshot({ path: '/tmp/carebook-waitlist-my-appointments-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/carebook-waitlist-my-appointments-390.png', fullPage: true });
    await gotoApp(page, `${stack.siteUrl}/appointment/doc03`);
    await page.getByRole('button', { name: 'Notify me of an earlier time', exact: true }).click();
    await page.getByRole('alertdialog').getByText('Only some times? (optional)', { exact: true }).click();
    await page.screenshot({ path: '/tmp/carebook-waitlist-narrowing-390.png' });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Not now', exact: true }).click();
    await page.screenshot({ path: '/tmp/carebook-waitlist-doctor-page-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/carebook-waitlist-doctor-page-1280.png', fullPage: true });

    await cancelThroughApi(other.token, freed?._id ?? '');
    const [mail] = await smtp.waitFor((m) => m.to === asker.email && m.subject.includes('An earlier time'));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/earlier-time\?offer=[A-Za-z0-9-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(link.startsWith(`${stack.siteUrl}/earlier-time?offer=`)).toBe(true);

    // Opened signed out, the page asks to log in first and would come back.
    const visitor = await fresh({ viewport: { width: 390, height: 844 } });
    await gotoApp(visitor.page, link);
    await visitor.page.getByText('Please log in to take this time.', { exact: true }).waitFor();

    await gotoApp(page, link);
    await page.getByRole('heading', { level: 1, name: 'An earlier time', exact: true }).waitFor();
    await page.getByText(formatAppointmentTime(tomorrow.key, '11:00'), { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/carebook-waitlist-offer-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/carebook-waitlist-offer-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Take this time', exact: true }).click();
    await page.getByText(MESSAGES.offerTaken, { exact: true }).waitFor();
    await page.getByText(`This time is yours: your visit is on ${formatAppointmentTime(tomorrow.key, '11:00')}.`, { exact: true }).waitFor();

    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await page.getByText(`Date & Time: ${formatAppointmentTime(tomorrow.key, '11:00')}`, { exact: true }).waitFor();
    expect(await page.getByText(`Date & Time: ${formatAppointmentTime(later.key, '15:00')}`, { exact: true }).count()).toBe(0);
    expect((await appointmentsOf(asker.token)).filter((a) => !a.cancelled).map((a) => `${a.slotDate} ${a.slotTime}`)).toEqual([`${tomorrow.key} 11:00`]);
  });

  it('lets staff mark a past visit missed, and the no-show limit stops the next booking with its message', async () => {
    const patient = await registerPatient(stack, 'Nora Noshow');
    const today = clinicWallClock(new Date(), 'UTC');
    const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
    const slotDate = toDateKey({ year: yesterday.getUTCFullYear(), month: yesterday.getUTCMonth() + 1, day: yesterday.getUTCDate() });
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // A visit of yesterday, as if booked last week.
      await client.query(
        `INSERT INTO appointments (id, user_id, doctor_id, slot_date, slot_time, slot_day, doc_data, amount)
         SELECT $1, u.id, d.id, $2, '10:00', $3::date,
           jsonb_build_object('_id', d.id, 'name', d.name, 'image', d.image, 'specialization', d.specialization,
             'address', jsonb_build_object('line1', d.address_line1, 'line2', d.address_line2), 'fees', d.fees), d.fees
         FROM users u, doctors d WHERE u.email = $4 AND d.id = 'doc01'`,
        [randomUUID(), slotDate, yesterday.toISOString().slice(0, 10), patient.email],
      );
    } finally {
      await client.end();
    }

    const admin = await journey.adminPage('/appointments');
    await admin.setViewportSize({ width: 1280, height: 900 });
    const card = admin.getByRole('listitem').filter({ hasText: 'Patient: Nora Noshow' });
    await card.getByRole('button', { name: /^Mark missed/ }).click();
    await admin.getByText(MESSAGES.appointmentMarkedMissed, { exact: true }).waitFor();
    await card.getByText('Missed', { exact: true }).waitFor();
    await card.getByText('Nora Noshow has missed 1 visit.', { exact: false }).waitFor();
    await admin.screenshot({ path: '/tmp/carebook-admin-missed-1280.png' });
    // The overview counts it for the doctor (and the earlier test's offer and take for doc03).
    await admin.goto(`${journey.adminUrl}/`);
    const figures = admin.getByRole('list', { name: 'Per doctor' });
    await figures.getByRole('listitem').filter({ hasText: 'Dr. Helena Marsh' }).getByText('Taken1', { exact: false }).waitFor();
    await admin.screenshot({ path: '/tmp/carebook-admin-overview-1280.png', fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: '/tmp/carebook-admin-overview-390.png', fullPage: true });

    const { page } = await fresh({ viewport: { width: 390, height: 844 } });
    await signInPage(page, stack, patient.token);
    const tomorrow = days()[1];
    if (!tomorrow) throw new Error('no tomorrow');
    await gotoApp(page, `${stack.siteUrl}/appointment/doc02`);
    await pickSlot(page, tomorrow, '12:00');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByText(MESSAGES.bookingStoppedNoShows, { exact: true }).first().waitFor();
    await page.screenshot({ path: '/tmp/carebook-booking-stopped-390.png', fullPage: true });
    expect((await appointmentsOf(patient.token)).map((a) => a.slotDate)).toEqual([slotDate]);
  });
});
