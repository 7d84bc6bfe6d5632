import { MESSAGES, staffOverCapMessage } from '@carebook/shared';
import type { AuditEntry, PatientMatch, StaffBooking } from '@carebook/shared';
import { get, post, type Reply } from '../../../testing/api/http';
import { adminToken, bookSlot, doctor, myAppointments, registerPatient } from '../../../testing/api/patient-calls';
import { useSmtpCatcher } from '../../../testing/node/smtp-catcher';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(90_000);

const SITE_URL = 'https://carebook.example';
const BOOK = '/api/v1/admin/book-appointment';
const MOVE = '/api/v1/admin/appointment-reschedule';
// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (see TestClock).
const TODAY = '24_11_2026';
const TOMORROW = '25_11_2026';
const MAX = 2;

const smtp = useSmtpCatcher();
afterAll(() => stopTestCluster());

describe.each(DRIVERS)('the desk books and moves visits on %s', (driver) => {
  const env = useTestEnv(driver, () => ({ SMTP_URL: smtp.url, SITE_URL, MAIL_POLL_MS: '100', MAX_UPCOMING_PER_PATIENT: String(MAX) }));
  let admin = '';
  let counter = 0;

  beforeAll(async () => {
    admin = await adminToken(env);
  });

  const email = (label: string): string => {
    counter += 1;
    return `desk-${driver}-${label}-${counter}@example.com`;
  };

  /** Registers a patient with a known email and returns it with their token. */
  async function patient(name: string): Promise<{ email: string; token: string }> {
    const address = email('own');
    const res = await post<{ token: string }>(env.app, '/api/v1/user/register', { name, email: address, password: 'secret1' });
    expect(res.status).toBe(201);
    return { email: address, token: res.body.token };
  }

  const book = (body: object, key?: string): Promise<Reply<{ appointment: StaffBooking }>> =>
    env.app
      .inject({
        method: 'POST',
        url: BOOK,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...(key ? { 'idempotency-key': key } : {}) },
        payload: JSON.stringify(body),
      })
      .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));

  async function trail(appointmentId: string): Promise<AuditEntry[]> {
    const res = await get<{ entries: AuditEntry[] }>(env.app, `/api/v1/admin/audit?appointmentId=${appointmentId}`, admin);
    expect(res.status).toBe(200);
    return res.body.entries;
  }

  it('books an existing patient found by email; they see it, get the usual email with its .ics, and the trail says the clinic did it', async () => {
    const caller = await patient('Ines Caller');
    const found = await get<{ patients: PatientMatch[] }>(env.app, `/api/v1/admin/patients?q=${encodeURIComponent('ines call')}`, admin);
    expect(found.status).toBe(200);
    expect(found.body.patients.map((p) => p.email)).toContain(caller.email);

    const res = await book({ docId: 'doc01', slotDate: TOMORROW, slotTime: '11:00', patient: { email: caller.email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: MESSAGES.staffBooked,
      appointment: { docId: 'doc01', slotDate: TOMORROW, slotTime: '11:00', patientName: 'Ines Caller', newPatient: false },
    });
    const id = res.body.appointment._id;
    expect((await myAppointments(env, caller.token)).map((a) => [a._id, a.slotDate, a.slotTime])).toEqual([[id, TOMORROW, '11:00']]);
    expect((await doctor(env, 'doc01')).slots_booked[TOMORROW]).toContain('11:00');

    const [mail] = await smtp.waitFor((m) => m.to === caller.email && m.subject.includes('is booked'));
    expect(mail?.subject).toBe('Your appointment with Dr. Amara Lindqvist on Wed 25 Nov 2026, 11:00 AM is booked');
    expect(mail?.calendars[0]).toContain(`UID:${id}@carebook`);

    const [entry] = await trail(id);
    expect(entry).toMatchObject({
      action: 'appointment.book',
      actor: { role: 'admin' },
      changes: { slotDate: TOMORROW, slotTime: '11:00', by: 'clinic', newPatient: false },
    });
    expect(entry?.patient?.name).toBe('Ines Caller');
  });

  it('makes an account for a new caller and invites them; the link sets the password and signs them in', async () => {
    const address = email('new');
    const nameless = await book({ docId: 'doc02', slotDate: TOMORROW, slotTime: '12:00', patient: { email: address } });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe(MESSAGES.patientNameNeeded);
    const badPhone = await book({ docId: 'doc02', slotDate: TOMORROW, slotTime: '12:00', patient: { email: address, name: 'Olu Phone', phone: 'call me' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe(MESSAGES.invalidPhone);

    const res = await book({ docId: 'doc02', slotDate: TOMORROW, slotTime: '12:00', patient: { email: address, name: 'Olu Phone', phone: '+44 20 7946 0018' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.staffBookedNewPatient);
    expect(res.body.appointment).toMatchObject({ patientName: 'Olu Phone', newPatient: true });
    const byPhone = await get<{ patients: PatientMatch[] }>(env.app, `/api/v1/admin/patients?q=${encodeURIComponent('7946 0018')}`, admin);
    expect(byPhone.body.patients).toEqual([{ _id: res.body.appointment.userId, name: 'Olu Phone', email: address, phone: '+44 20 7946 0018' }]);

    const [invite] = await smtp.waitFor((m) => m.to === address && m.subject === 'Your CareBook account: choose a password');
    expect(invite?.text).toContain('Hello Olu Phone,');
    expect(invite?.text).toContain('The clinic has booked your visit by phone');
    const token = /https:\/\/carebook\.example\/reset-password#token=([A-Za-z0-9_-]{43})\n/.exec(invite?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    await smtp.waitFor((m) => m.to === address && m.subject.includes('is booked'));

    // No password works before the link is used.
    expect((await post(env.app, '/api/v1/user/login', { email: address, password: 'secret1' })).status).toBe(401);
    const reset = await post<{ token: string }>(env.app, '/api/v1/user/reset-password', { token, password: 'chosen-by-olu' });
    expect(reset.status).toBe(200);
    const appointments = await myAppointments(env, reset.body.token);
    expect(appointments.map((a) => [a._id, a.slotTime])).toEqual([[res.body.appointment._id, '12:00']]);
    expect((await post(env.app, '/api/v1/user/login', { email: address, password: 'chosen-by-olu' })).status).toBe(200);

    const entries = await get<{ entries: AuditEntry[] }>(env.app, `/api/v1/admin/audit?patientId=${res.body.appointment.userId}`, admin);
    expect(entries.body.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['patient.invite', 'appointment.book']));
    expect(entries.body.entries.find((e) => e.action === 'patient.invite')).toMatchObject({
      actor: { role: 'admin' },
      changes: { name: 'Olu Phone', email: address, phone: '+44 20 7946 0018' },
    });
  });

  it('books a time once: the same time twice is one 201 and one 409; the same idempotency key twice is one booking', async () => {
    const [a, b] = [await patient('First Caller'), await patient('Second Caller')];
    const slot = { docId: 'doc03', slotDate: TOMORROW, slotTime: '13:00' };
    const replies = await Promise.all([book({ ...slot, patient: { email: a.email } }), book({ ...slot, patient: { email: b.email } })]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message).toBe(MESSAGES.slotTaken);

    const keyed = { docId: 'doc03', slotDate: TOMORROW, slotTime: '13:30', patient: { email: a.email } };
    const first = await book(keyed, `desk-${driver}-key`);
    const again = await book(keyed, `desk-${driver}-key`);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect((await myAppointments(env, a.token)).filter((x) => x.slotTime === '13:30')).toHaveLength(1);

    // A new caller refused for a taken time gets no account and no invite.
    const address = email('refused');
    const refused = await book({ ...slot, patient: { email: address, name: 'Too Late' } });
    expect(refused.status).toBe(409);
    const search = await get<{ patients: PatientMatch[] }>(env.app, `/api/v1/admin/patients?q=${encodeURIComponent(address)}`, admin);
    expect(search.body.patients).toEqual([]);
  });

  it("refuses times outside the doctor's hours, on time off, past or beyond 7 days (400), as the patient's own booking does", async () => {
    const caller = await patient('Rule Caller');
    const schedule = await post(
      env.app,
      '/api/v1/admin/doctor-schedule',
      {
        docId: 'doc04',
        weekly: { mon: [], tue: [], wed: [{ start: '09:00', end: '12:00' }], thu: [{ start: '10:00', end: '18:00' }], fri: [], sat: [], sun: [] },
        timeOff: [{ from: '2026-11-26', to: '2026-11-26' }],
      },
      admin,
    );
    expect(schedule.status).toBe(200);
    const at = (slotDate: string, slotTime: string) => book({ docId: 'doc04', slotDate, slotTime, patient: { email: caller.email } });
    const outside = await at(TOMORROW, '15:00');
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(MESSAGES.slotOutsideHours);
    const away = await at('26_11_2026', '11:00');
    expect(away.status).toBe(400);
    expect(away.body.message).toBe(MESSAGES.slotDoctorAway);
    expect((await at(TODAY, '09:30')).status).toBe(400);
    expect((await at('2_12_2026', '10:00')).status).toBe(400);
    expect((await at(TOMORROW, '10:15')).status).toBe(400);
    expect((await at(TOMORROW, '09:30')).status).toBe(201);
    expect(await myAppointments(env, caller.token)).toHaveLength(1);
  });

  it('goes over the per-patient limit only with a reason, which the trail records', async () => {
    const caller = await patient('Busy Caller');
    for (const time of ['10:00', '10:30']) await bookSlot(env, caller.token, 'doc05', TOMORROW, time);
    const third = { docId: 'doc05', slotDate: TOMORROW, slotTime: '11:00', patient: { email: caller.email } };
    const refused = await book(third);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: staffOverCapMessage(MAX), code: 'staffOverCap' });
    const tooLong = await book({ ...third, overCapReason: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(MESSAGES.capReasonInvalid);

    const res = await book({ ...third, overCapReason: '  Follow-up the doctor asked for  ' });
    expect(res.status).toBe(201);
    expect(await myAppointments(env, caller.token)).toHaveLength(3);
    const [entry] = await trail(res.body.appointment._id);
    expect(entry?.changes).toMatchObject({ by: 'clinic', overCapReason: 'Follow-up the doctor asked for' });
    // The patient's own booking still keeps to the limit.
    const own = await post(env.app, '/api/v1/user/book-appointment', { docId: 'doc05', slotDate: TOMORROW, slotTime: '11:30' }, caller.token);
    expect(own.status).toBe(409);
  });

  it("lets another desk poll the calendar's lists with If-None-Match: 304 until a desk books, then the new list", async () => {
    const origin = 'http://localhost:3003';
    const preflight = await env.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/admin/appointments',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,if-none-match' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');

    const url = `/api/v1/admin/appointments?from=2026-11-24&to=2026-12-01`;
    const headers = { authorization: `Bearer ${admin}`, origin };
    const first = await env.app.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['access-control-expose-headers']).toLowerCase()).toContain('etag');
    const etag = String(first.headers.etag);
    const unchanged = await env.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const caller = await patient('Polled Caller');
    expect((await book({ docId: 'doc07', slotDate: TOMORROW, slotTime: '18:00', patient: { email: caller.email } })).status).toBe(201);
    const changed = await env.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ appointments: Array<{ userData: { name: string } }> }>().appointments.map((a) => a.userData.name)).toContain('Polled Caller');
  });

  it('moves a visit with the same rules and the same email as a patient\'s own move, audited as the clinic\'s', async () => {
    const caller = await patient('Moved Caller');
    const id = await bookSlot(env, caller.token, 'doc06', TOMORROW, '14:00');
    const other = await registerPatient(env, 'Holding Patient');
    await bookSlot(env, other, 'doc06', TOMORROW, '15:00');

    const taken = await post(env.app, MOVE, { appointmentId: id, slotDate: TOMORROW, slotTime: '15:00' }, admin);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.slotTaken);
    const offGrid = await post(env.app, MOVE, { appointmentId: id, slotDate: TOMORROW, slotTime: '15:10' }, admin);
    expect(offGrid.status).toBe(400);
    expect((await post(env.app, MOVE, { appointmentId: 'nope', slotDate: TOMORROW, slotTime: '16:00' }, admin)).status).toBe(404);
    expect((await post(env.app, MOVE, { appointmentId: id, slotDate: TOMORROW, slotTime: '16:00' }, other)).status).toBe(401);

    const res = await post(env.app, MOVE, { appointmentId: id, slotDate: TOMORROW, slotTime: '16:00' }, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.staffMoved });
    expect((await myAppointments(env, caller.token)).map((a) => a.slotTime)).toEqual(['16:00']);
    const booked = (await doctor(env, 'doc06')).slots_booked[TOMORROW] ?? [];
    expect(booked).toContain('16:00');
    expect(booked).not.toContain('14:00');

    const [mail] = await smtp.waitFor((m) => m.to === caller.email && m.subject.includes('is moved to'));
    expect(mail?.subject).toBe('Your appointment with Dr. Naomi Whitfield is moved to Wed 25 Nov 2026, 4:00 PM');
    expect(mail?.calendars[0]).toContain('SEQUENCE:1');

    const entries = await trail(id);
    expect(entries.find((e) => e.action === 'appointment.reschedule')).toMatchObject({
      actor: { role: 'admin' },
      patient: { name: 'Moved Caller' },
      changes: { slotDate: { from: TOMORROW, to: TOMORROW }, slotTime: { from: '14:00', to: '16:00' }, by: 'clinic' },
    });
  });
});
