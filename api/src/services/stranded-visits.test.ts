import { type AdminAppointment, MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminToken, doctor, myAppointments } from '../../../testing/api/patient-calls';
import { type CaughtMail, useSmtpCatcher } from '../../../testing/node/smtp-catcher';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(120_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin; the visits are on Thursday 26 Nov.
const START = new Date('2026-11-24T09:10:00Z');
const THURSDAY = '26_11_2026';
const SITE_URL = 'https://carebook.example';

const smtp = useSmtpCatcher();
afterAll(() => stopTestCluster());

describe.each(DRIVERS)('visits a schedule change strands, on %s', (driver) => {
  const env = useTestEnv(driver, () => ({ SMTP_URL: smtp.url, SITE_URL, MAIL_POLL_MS: '100' }));
  let counter = 0;

  beforeEach(() => {
    env.clock.time = START;
  });

  async function bookedPatient(slotTime: string): Promise<{ token: string; email: string; appointmentId: string }> {
    counter += 1;
    const email = `stranded-${driver}-${counter}@example.com`;
    const registered = await post<{ token: string }>(env.app, '/api/v1/user/register', { name: 'Stranded Patient', email, password: 'secret1' });
    const booked = await post<{ appointmentId: string }>(
      env.app,
      '/api/v1/user/book-appointment',
      { docId: 'doc01', slotDate: THURSDAY, slotTime },
      registered.body.token,
    );
    expect(booked.status).toBe(201);
    return { token: registered.body.token, email, appointmentId: booked.body.appointmentId };
  }

  const mailsTo = (email: string, words: string) => smtp.to(email).filter((m) => m.subject.includes(words));
  const has = (email: string, words: string) => (m: CaughtMail) => m.to === email && m.subject.includes(words);

  async function listed(admin: string, appointmentId: string): Promise<AdminAppointment | undefined> {
    const res = await get<{ appointments: AdminAppointment[] }>(env.app, '/api/v1/admin/appointments?docId=doc01', admin);
    return res.body.appointments.find((a) => a._id === appointmentId);
  }

  it('emails the patient once, holds the reminder until they keep the visit, and shows staff who was told', async () => {
    const kept = await bookedPatient('11:00');
    const staffKept = await bookedPatient('11:30');
    const admin = await adminToken(env);
    const { schedule } = await doctor(env, 'doc01');
    if (!schedule) throw new Error('doc01 has no schedule');
    const awayThursday = { docId: 'doc01', weekly: schedule.weekly, timeOff: [...schedule.timeOff, { from: '2026-11-26', to: '2026-11-26' }] };
    const saved = await post<{ conflicts: AdminAppointment[] }>(env.app, '/api/v1/admin/doctor-schedule', awayThursday, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.conflicts.map((a) => a._id).sort()).toEqual([kept.appointmentId, staffKept.appointmentId].sort());

    const [told] = await smtp.waitFor(has(kept.email, 'Please check your appointment'));
    expect(told?.text).toContain('your appointment is now outside them. It is still booked');
    expect(told?.text).toContain(`${SITE_URL}/my-appointments`);
    await smtp.waitFor(has(staffKept.email, 'Please check your appointment'));
    const shown = await listed(admin, kept.appointmentId);
    expect(shown?.stranded).toEqual({ toldAt: START.getTime(), held: true, answer: null });
    // The patient's own list asks them (My Appointments shows the question and "Keep this time").
    expect((await myAppointments(env, kept.token)).map((a) => a.outsideHours)).toEqual(['ask']);

    // Saving the same hours again tells nobody twice.
    expect((await post(env.app, '/api/v1/admin/doctor-schedule', awayThursday, admin)).status).toBe(200);

    // Within 24 hours of the visits: several sender rounds, and no reminder while they are held.
    env.clock.time = new Date('2026-11-25T10:30:00Z');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const who of [kept, staffKept]) {
      expect(mailsTo(who.email, 'Reminder')).toEqual([]);
      expect(mailsTo(who.email, 'Please check your appointment')).toHaveLength(1);
    }
    const queued = await env.db.query(`SELECT 1 FROM mail_outbox WHERE kind = 'reminder' AND appointment_id IN ($1, $2)`, [
      kept.appointmentId,
      staffKept.appointmentId,
    ]);
    expect(queued).toEqual([]);

    // The patient keeps one, staff keep the other: both reminders go out.
    const keep = await post(env.app, '/api/v1/user/keep-appointment', { appointmentId: kept.appointmentId }, kept.token);
    expect(keep.body).toEqual({ success: true, message: MESSAGES.appointmentKept });
    expect((await myAppointments(env, kept.token)).map((a) => a.outsideHours)).toEqual(['kept']);
    expect((await post(env.app, '/api/v1/user/keep-appointment', { appointmentId: staffKept.appointmentId }, kept.token)).status).toBe(404);
    // An admin session lasts 12 hours: the clock moved a day, so staff log in again.
    const staff = await adminToken(env);
    const byStaff = await post(env.app, '/api/v1/admin/appointment-keep', { appointmentId: staffKept.appointmentId }, staff);
    expect(byStaff.body).toEqual({ success: true, message: MESSAGES.appointmentKept });
    const again = await post(env.app, '/api/v1/admin/appointment-keep', { appointmentId: staffKept.appointmentId }, staff);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.appointmentNotHeld);

    await smtp.waitFor(has(kept.email, 'Reminder'));
    await smtp.waitFor(has(staffKept.email, 'Reminder'));
    expect((await listed(staff, kept.appointmentId))?.stranded).toEqual({ toldAt: START.getTime(), held: false, answer: 'kept-by-patient' });
    expect((await listed(staff, staffKept.appointmentId))?.stranded).toEqual({ toldAt: START.getTime(), held: false, answer: 'kept-by-staff' });
    const trail = await env.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action = 'appointment.keep' AND appointment_id IN ($1, $2)`, [
      kept.appointmentId,
      staffKept.appointmentId,
    ]);
    expect(trail).toHaveLength(2);

    // Moved to a time within the doctor's hours afterwards, the kept visit asks and says nothing more.
    const moved = await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: kept.appointmentId, slotDate: '27_11_2026', slotTime: '11:00' }, kept.token);
    expect(moved.status).toBe(200);
    expect((await myAppointments(env, kept.token)).map((a) => a.outsideHours)).toEqual([null]);
    expect((await listed(staff, kept.appointmentId))?.stranded).toEqual({ toldAt: START.getTime(), held: false, answer: 'moved' });
  });
});
