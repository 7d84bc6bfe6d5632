import { bookSlot, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';
import {
  claimDueMails,
  enqueueMail,
  type MailKind,
  markRetry,
  markSent,
  releaseLeases,
  renewLeases,
  skipPendingReminders,
} from './mail-outbox-repository';

jest.setTimeout(90_000);
afterAll(() => stopTestCluster());

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin.
const TODAY = '24_11_2026';
const MAIL = { subject: 'A subject', text: 'A text', html: '<p>A text</p>', ics: null };

/**
 * No SMTP_URL: the app's own sender claims nothing, so the test alone claims and marks rows; and
 * reminders only 2 hours ahead, so it queues none for the visits booked here (5 hours ahead).
 */
describe.each(DRIVERS)('mail outbox leases and lanes on %s', (driver) => {
  const env = useTestEnv(driver, () => ({ REMINDER_HOURS: '2' }));
  let n = 0;

  async function queue(kind: MailKind, appointmentId?: string): Promise<void> {
    n += 1;
    await enqueueMail(env.db, { dedupeKey: `${driver}-${kind}-${n}`, kind, recipient: `lane-${n}@example.com`, mail: MAIL, appointmentId });
  }

  async function statusOf(id: string): Promise<{ status: string; text_body: string }> {
    const [row] = await env.db.query<{ status: string; text_body: string }>('SELECT status, text_body FROM mail_outbox WHERE id = $1', [id]);
    if (!row) throw new Error(`no mail ${id}`);
    return row;
  }

  afterEach(async () => {
    await env.db.query(`UPDATE mail_outbox SET status = 'skipped' WHERE status = 'pending'`);
  });

  it('claims resets first, then reminders, then confirmations, whatever the order they were queued in', async () => {
    const patient = await registerPatient(env);
    const appointmentId = await bookSlot(env, patient, 'doc01', TODAY, '15:00');
    await env.db.query(`UPDATE mail_outbox SET status = 'skipped' WHERE status = 'pending'`);
    await queue('booked');
    await queue('cancelled');
    await queue('reminder', appointmentId);
    await queue('password-reset');
    const claimed = await claimDueMails(env.db, 10, 30);
    expect(claimed.map((row) => row.kind)).toEqual(['password-reset', 'reminder', 'booked', 'cancelled']);
  });

  it('marks a row only under the lease that claimed it: a sender whose lease ran out changes nothing', async () => {
    await queue('booked');
    const [first] = await claimDueMails(env.db, 10, 30);
    if (!first) throw new Error('nothing claimed');
    expect(await claimDueMails(env.db, 10, 30)).toEqual([]);
    // The lease runs out (the holder hung); another sender claims the row under a new lease.
    await env.db.query(`UPDATE mail_outbox SET locked_until = now() - interval '1 second' WHERE id = $1`, [first.id]);
    const [second] = await claimDueMails(env.db, 10, 30);
    expect(second?.id).toBe(first.id);
    expect(second?.lease_id).not.toBe(first.lease_id);
    expect(second?.attempts).toBe(2);
    if (!second) throw new Error('nothing claimed');

    expect(await markSent(env.db, first)).toBe(false);
    expect(await markRetry(env.db, first, 'late', 1000)).toBe(false);
    expect(await statusOf(first.id)).toEqual({ status: 'pending', text_body: 'A text' });
    expect(await markSent(env.db, second)).toBe(true);
    // Sent: the text is gone, only subject, status and times stay.
    expect(await statusOf(first.id)).toEqual({ status: 'sent', text_body: '' });
  });

  it('never marks sent a reminder that a move skipped while it was being sent', async () => {
    const patient = await registerPatient(env);
    const appointmentId = await bookSlot(env, patient, 'doc02', TODAY, '16:00');
    await env.db.query(`UPDATE mail_outbox SET status = 'skipped' WHERE status = 'pending'`);
    await queue('reminder', appointmentId);
    const [held] = await claimDueMails(env.db, 10, 30);
    if (!held) throw new Error('nothing claimed');
    await skipPendingReminders(env.db, appointmentId);
    expect(await markSent(env.db, held)).toBe(false);
    expect((await statusOf(held.id)).status).toBe('skipped');
  });

  it('keeps a renewed lease past its first end, and gives a released row to the next claim at once', async () => {
    await queue('booked');
    const [held] = await claimDueMails(env.db, 10, 1);
    if (!held) throw new Error('nothing claimed');
    expect(await renewLeases(env.db, [held], 30)).toBe(1);
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await claimDueMails(env.db, 10, 30)).toEqual([]);
    await releaseLeases(env.db, [held]);
    const [again] = await claimDueMails(env.db, 10, 30);
    expect(again?.id).toBe(held.id);
    // The old lease cannot be renewed any more.
    expect(await renewLeases(env.db, [held], 30)).toBe(0);
  });
});
