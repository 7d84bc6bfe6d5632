import type { AppointmentEmail } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminCall, adminToken } from '../../../testing/api/patient-calls';
import { parseEvent } from '../../../testing/api/calendar-event';
import { type CaughtMail, REFUSED_PREFIX, useSmtpCatcher } from '../../../testing/node/smtp-catcher';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(90_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (UTC+1), the test clinic's zone.
const START = new Date('2026-11-24T09:10:00Z');
const TODAY = '24_11_2026';
const TOMORROW = '25_11_2026';
const SITE_URL = 'https://carebook.example';

const smtp = useSmtpCatcher();
afterAll(() => stopTestCluster());

describe.each(DRIVERS)('appointment emails on %s', (driver) => {
  const env = useTestEnv(driver, () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'CareBook Clinic <hello@carebook.example>',
    SITE_URL,
    MAIL_POLL_MS: '100',
  }));
  let counter = 0;

  beforeEach(() => {
    env.clock.time = START;
  });

  async function patient(name: string, prefix = 'mail-'): Promise<{ token: string; email: string }> {
    counter += 1;
    const email = `${prefix}${driver}-${counter}@example.com`;
    const res = await post<{ token: string }>(env.app, '/api/v1/user/register', { name, email, password: 'secret1' });
    expect(res.status).toBe(201);
    return { token: res.body.token, email };
  }

  async function bookFor(token: string, docId: string, slotDate: string, slotTime: string): Promise<string> {
    const res = await post<{ appointmentId: string }>(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
    expect(res.status).toBe(201);
    return res.body.appointmentId;
  }

  const subjectHas = (to: string, words: string) => (m: CaughtMail) => m.to === to && m.subject.includes(words);

  it('sends a booking confirmation with the same calendar event as Add to calendar', async () => {
    const { token, email } = await patient('Ada Lovelace');
    const id = await bookFor(token, 'doc01', TOMORROW, '14:30');
    const [mail] = await smtp.waitFor(subjectHas(email, 'is booked'));
    expect(mail?.subject).toBe('Your appointment with Dr. Amara Lindqvist on Wed 25 Nov 2026, 2:30 PM is booked');
    expect(mail?.parsed.from?.text).toBe('"CareBook Clinic" <hello@carebook.example>');
    expect(mail?.text).toContain('Hello Ada Lovelace,');
    expect(mail?.text).toContain('When: Wed 25 Nov 2026, 2:30 PM (Europe/Berlin time)');
    expect(mail?.text).toContain(`${SITE_URL}/my-appointments`);
    expect(mail?.html).toContain('Wed 25 Nov 2026, 2:30 PM (Europe/Berlin time)');
    expect(mail?.calendars).toHaveLength(1);
    const event = parseEvent(mail?.calendars[0] ?? '');
    // 14:30 in Berlin (UTC+1) is 13:30 UTC.
    expect(event).toMatchObject({ uid: `${id}@carebook`, start: '2026-11-25T13:30:00.000Z', sequence: 0, status: 'CONFIRMED' });
    const site = await env.app.inject({ method: 'GET', url: `/api/v1/user/appointments/${id}/calendar`, headers: { authorization: `Bearer ${token}` } });
    expect(parseEvent(site.body)).toEqual(event);
  });

  it('sends the new time on a reschedule: same UID, higher SEQUENCE', async () => {
    const { token, email } = await patient('Grace Hopper');
    const id = await bookFor(token, 'doc02', TOMORROW, '11:00');
    await smtp.waitFor(subjectHas(email, 'is booked'));
    const res = await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: id, slotDate: TOMORROW, slotTime: '16:00' }, token);
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor(subjectHas(email, 'is moved'));
    expect(mail?.subject).toContain('is moved to Wed 25 Nov 2026, 4:00 PM');
    expect(mail?.text).toContain('moved from Wed 25 Nov 2026, 11:00 AM (Europe/Berlin time)');
    expect(parseEvent(mail?.calendars[0] ?? '')).toMatchObject({ uid: `${id}@carebook`, start: '2026-11-25T15:00:00.000Z', sequence: 1, status: 'CONFIRMED' });
  });

  it('says who cancelled: the patient or the clinic', async () => {
    const mine = await patient('Patient Cancels');
    const ownId = await bookFor(mine.token, 'doc03', TOMORROW, '12:00');
    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: ownId }, mine.token)).status).toBe(200);
    const [own] = await smtp.waitFor(subjectHas(mine.email, 'cancelled'));
    expect(own?.subject).toBe('Your appointment on Wed 25 Nov 2026, 12:00 PM is cancelled');
    expect(own?.text).toContain('You cancelled your appointment.');
    expect(own?.text).not.toContain('clinic has had to cancel');
    expect(parseEvent(own?.calendars[0] ?? '')).toMatchObject({ uid: `${ownId}@carebook`, sequence: 1, status: 'CANCELLED' });

    const theirs = await patient('Clinic Cancels');
    const clinicId = await bookFor(theirs.token, 'doc03', TOMORROW, '12:30');
    expect((await adminCall(env, '/api/v1/admin/appointment-cancel', { appointmentId: clinicId })).status).toBe(200);
    const [clinic] = await smtp.waitFor(subjectHas(theirs.email, 'cancelled'));
    expect(clinic?.subject).toBe('The clinic cancelled your appointment on Wed 25 Nov 2026, 12:30 PM');
    expect(clinic?.text).toContain('the clinic has had to cancel your appointment');
  });

  it('sends exactly one reminder once the visit is within REMINDER_HOURS, none when cancelled, one more for a moved visit', async () => {
    const kept = await patient('Reminded');
    const keptId = await bookFor(kept.token, 'doc04', TOMORROW, '15:00'); // 14:00 UTC on the 25th: 28 h 50 min away
    const dropped = await patient('Cancelled Before');
    const droppedId = await bookFor(dropped.token, 'doc04', TOMORROW, '15:30');
    const moved = await patient('Moved Visit');
    const movedId = await bookFor(moved.token, 'doc04', TOMORROW, '16:00');
    await smtp.waitFor(subjectHas(moved.email, 'is booked'));
    await new Promise((r) => setTimeout(r, 400)); // several sender rounds: still too early for a reminder
    for (const who of [kept, dropped, moved]) expect(smtp.to(who.email).filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);

    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: droppedId }, dropped.token)).status).toBe(200);
    env.clock.time = new Date('2026-11-24T15:30:00Z'); // 22 h 30 min before the first visit, 23 h 30 min before the third
    const [reminder] = await smtp.waitFor(subjectHas(kept.email, 'Reminder'));
    expect(reminder?.subject).toBe('Reminder: your appointment with Dr. Priya Raghunathan on Wed 25 Nov 2026, 3:00 PM');
    expect(reminder?.text).toContain('When: Wed 25 Nov 2026, 3:00 PM (Europe/Berlin time)');
    await smtp.waitFor(subjectHas(moved.email, 'Reminder'));

    // The moved visit's new time gets its own reminder; the old time's is not repeated.
    const res = await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: movedId, slotDate: TOMORROW, slotTime: '17:00' }, moved.token);
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 400)); // 17:00 Berlin is 24 h 30 min away: not yet
    expect(smtp.to(moved.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    env.clock.time = new Date('2026-11-24T16:30:00Z');
    const [, second] = await smtp.waitFor(subjectHas(moved.email, 'Reminder'), 2);
    expect(second?.subject).toContain('5:00 PM');

    env.clock.time = new Date('2026-11-25T12:00:00Z'); // 2 h before: inside the window again, nothing new
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.to(kept.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    expect(smtp.to(moved.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(2);
    expect(smtp.to(dropped.email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
    const rows = await env.db.query<{ kind: string; status: string }>(
      `SELECT kind, status FROM mail_outbox WHERE appointment_id = $1 ORDER BY id`,
      [keptId],
    );
    expect(rows).toEqual([
      { kind: 'booked', status: 'sent' },
      { kind: 'reminder', status: 'sent' },
    ]);
  });

  it('sends no reminder for a visit less than an hour away', async () => {
    const late = await patient('Booked Late');
    env.clock.time = new Date('2026-11-24T09:10:00Z');
    await bookFor(late.token, 'doc05', TODAY, '11:00'); // 50 minutes away
    await smtp.waitFor(subjectHas(late.email, 'is booked'));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(late.email).map((m) => m.subject)).toEqual([expect.stringContaining('is booked')]);
  });

  it('shows staff which emails an appointment caused, when they went out, and what failed', async () => {
    const ok = await patient('Gets Mail');
    const okId = await bookFor(ok.token, 'doc06', TOMORROW, '18:00');
    const refused = await patient('No Mailbox', REFUSED_PREFIX);
    const refusedId = await bookFor(refused.token, 'doc06', TOMORROW, '18:30');
    await smtp.waitFor(subjectHas(ok.email, 'is booked'));
    const admin = await adminToken(env);
    const emailsOf = (id: string) => get<{ emails: AppointmentEmail[] }>(env.app, `/api/v1/admin/appointment-emails?appointmentId=${id}`, admin);

    let listed = await emailsOf(refusedId);
    for (let i = 0; i < 100 && listed.body.emails[0]?.status === 'pending'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      listed = await emailsOf(refusedId);
    }
    expect(listed.body.emails).toEqual([
      expect.objectContaining({ kind: 'booked', recipient: refused.email, status: 'failed', sentAt: null, nextAttemptAt: null, lastError: expect.stringContaining('No such mailbox') }),
    ]);
    const sent = await emailsOf(okId);
    expect(sent.status).toBe(200);
    expect(sent.body.emails).toEqual([
      expect.objectContaining({ kind: 'booked', recipient: ok.email, status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(Number) }),
    ]);
    expect((await get(env.app, `/api/v1/admin/appointment-emails?appointmentId=${okId}`, ok.token)).status).toBe(401);
    expect((await emailsOf('no-such-appointment')).status).toBe(404);
  });
});
