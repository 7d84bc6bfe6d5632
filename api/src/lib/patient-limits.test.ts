import { MESSAGES, tooManyUpcomingMessage } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { book, registerPatient } from '../../../testing/api/patients';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

// The test clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin. The window runs to 30 Nov.
const DAYS = ['24_11_2026', '25_11_2026', '26_11_2026', '27_11_2026', '28_11_2026', '29_11_2026', '30_11_2026'];

describe.each(DRIVERS)('per-patient limits on %s', (driver) => {
  const env = useTestEnv(driver);

  it('refuses a 6th upcoming appointment with 409 and a clear message; cancelling frees a place', async () => {
    const { token } = await registerPatient(env.app);
    for (const day of DAYS.slice(1, 6)) expect((await book(env.app, token, 'doc01', day, '11:00')).status).toBe(201);
    const sixth = await book(env.app, token, 'doc02', DAYS[6] as string, '11:00');
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ success: false, message: tooManyUpcomingMessage(5), code: 'tooManyUpcoming' });

    const mine = await get<{ appointments: Array<{ _id: string }> }>(env.app, '/api/v1/user/appointments', token);
    const cancel = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: mine.body.appointments[0]?._id }, token);
    expect(cancel.status).toBe(200);
    expect((await book(env.app, token, 'doc02', DAYS[6] as string, '11:00')).status).toBe(201);
  });

  it('does not count appointments that have started, and follows MAX_UPCOMING_PER_PATIENT', async () => {
    const strict = await env.buildOther({ MAX_UPCOMING_PER_PATIENT: '2' });
    const { token } = await registerPatient(strict);
    expect((await book(strict, token, 'doc03', DAYS[0] as string, '10:30')).status).toBe(201);
    expect((await book(strict, token, 'doc03', DAYS[1] as string, '10:30')).status).toBe(201);
    expect((await book(strict, token, 'doc03', DAYS[2] as string, '10:30')).body.message).toBe(tooManyUpcomingMessage(2));
    // At 10:40 the 10:30 appointment has started: it is no longer upcoming.
    const before = env.clock.time;
    env.clock.time = new Date('2026-11-24T09:40:00Z');
    try {
      expect((await book(strict, token, 'doc03', DAYS[2] as string, '10:30')).status).toBe(201);
    } finally {
      env.clock.time = before;
    }
  });

  it('never lets one patient hold two appointments at the same time, with any doctors', async () => {
    const { token } = await registerPatient(env.app);
    expect((await book(env.app, token, 'doc04', DAYS[3] as string, '15:00')).status).toBe(201);
    const clash = await book(env.app, token, 'doc05', DAYS[3] as string, '15:00');
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ success: false, message: MESSAGES.sameTimeBooked, code: 'sameTimeBooked' });
    // Another patient may take doc05 at that time.
    const other = await registerPatient(env.app);
    expect((await book(env.app, other.token, 'doc05', DAYS[3] as string, '15:00')).status).toBe(201);
  });

  it('holds under races: parallel bookings of one patient never pass either limit', async () => {
    const { token } = await registerPatient(env.app);
    const sameTime = await Promise.all(
      ['doc01', 'doc02', 'doc03', 'doc04', 'doc05', 'doc06', 'doc07', 'doc08'].map((doc) => book(env.app, token, doc, DAYS[4] as string, '18:00')),
    );
    expect(sameTime.filter((r) => r.status === 201)).toHaveLength(1);
    expect(sameTime.filter((r) => r.status === 409)).toHaveLength(7);

    const { token: hoarder } = await registerPatient(env.app);
    const times = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];
    const many = await Promise.all(times.map((time) => book(env.app, hoarder, 'doc06', DAYS[5] as string, time)));
    expect(many.filter((r) => r.status === 201)).toHaveLength(5);
    const rows = await env.db.query<{ user_id: string; n: number }>(
      'SELECT user_id, count(*)::int AS n FROM appointments WHERE NOT cancelled GROUP BY user_id, slot_date, slot_time HAVING count(*) > 1',
    );
    expect(rows).toEqual([]);
  });

  it('keeps the same-time rule in the schema, whatever the application checks', async () => {
    const { token } = await registerPatient(env.app);
    expect((await book(env.app, token, 'doc07', DAYS[6] as string, '19:00')).status).toBe(201);
    const [row] = await env.db.query<{ user_id: string }>(
      `SELECT user_id FROM appointments WHERE doctor_id = 'doc07' AND slot_date = $1 AND slot_time = '19:00' AND NOT cancelled`,
      [DAYS[6]],
    );
    const insert = env.db.query(
      `INSERT INTO appointments (id, user_id, doctor_id, slot_date, slot_time, slot_day, doc_data, amount)
       VALUES ('direct', $1, 'doc08', $2, '19:00', '2026-11-30', '{}'::jsonb, 10)`,
      [row?.user_id, DAYS[6]],
    );
    await expect(insert).rejects.toMatchObject({ code: '23505', constraint: 'appointments_patient_time_key' });
  });

  it('answers 401 to a valid token whose account was deleted, on booking and every patient call', async () => {
    const { token, email } = await registerPatient(env.app);
    await env.db.query('DELETE FROM users WHERE email = $1', [email]);
    const booking = await book(env.app, token, 'doc01', DAYS[2] as string, '20:00');
    expect(booking.status).toBe(401);
    expect(booking.body).toEqual({ success: false, message: MESSAGES.notLoggedIn, code: 'notLoggedIn' });
    expect((await get(env.app, '/api/v1/user/appointments', token)).status).toBe(401);
    expect((await get(env.app, '/api/v1/user/get-profile', token)).status).toBe(401);
  });
});

afterAll(() => stopTestCluster());
