import { type Appointment, MESSAGES } from '@carebook/shared';
import { get, post, refusal } from '../../../testing/api/http';
import { allDoctors as doctors, book, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, PUBLIC_URL, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

type AppointmentsBody = { appointments: Appointment[] };

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin. 10:30 today is the first bookable start.
const TODAY = '24_11_2026';

describe.each(DRIVERS)('booking and cancelling API on %s', (driver) => {
  const env = useTestEnv(driver);

  describe('booking', () => {
    it('books a free slot, which shows in slots_booked at once', async () => {
      const token = await registerPatient(env);
      await doctors(env); // warm the cache: the booking must invalidate it
      const res = await book(env, token, 'doc02', TODAY, '10:30');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: MESSAGES.appointmentBooked, appointmentId: expect.any(String) });
      const doc02 = (await doctors(env)).find((d) => d._id === 'doc02');
      expect(doc02?.slots_booked[TODAY]).toContain('10:30');
    });

    it('refuses a slot already taken with 409', async () => {
      const [a, b] = [await registerPatient(env), await registerPatient(env)];
      expect((await book(env, a, 'doc03', '25_11_2026', '11:00')).status).toBe(201);
      const second = await book(env, b, 'doc03', '25_11_2026', '11:00');
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ success: false, message: MESSAGES.slotTaken, code: 'slotTaken' });
    });

    it('lets exactly one of many simultaneous bookings of one slot win', async () => {
      const tokens = await Promise.all(Array.from({ length: 5 }, () => registerPatient(env)));
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) => book(env, tokens[i % 5] as string, 'doc04', '26_11_2026', '16:00')),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(24);
      const rows = await env.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM appointments WHERE doctor_id = 'doc04' AND slot_date = '26_11_2026' AND slot_time = '16:00'",
      );
      expect(rows[0]?.n).toBe(1);
    });

    it.each([
      ['a time that has passed today', 'doc01', TODAY, '10:00', 400, MESSAGES.slotInPast],
      ['yesterday', 'doc01', '23_11_2026', '15:00', 400, MESSAGES.slotInPast],
      ['a time off the grid', 'doc01', TODAY, '15:15', 400, MESSAGES.slotInvalidTime],
      ['a time after the default hours', 'doc01', TODAY, '21:00', 400, MESSAGES.slotOutsideHours],
      ['a malformed date', 'doc01', '2026-11-25', '15:00', 400, MESSAGES.slotInvalidDate],
      ['a zero-padded date', 'doc01', '05_12_2026', '15:00', 400, MESSAGES.slotInvalidDate],
      ['a date 7 days ahead', 'doc01', '1_12_2026', '15:00', 400, MESSAGES.slotTooFarAhead],
      ['an unknown doctor', 'doc99', TODAY, '15:00', 404, MESSAGES.doctorNotFound],
      ['an unavailable doctor', 'doc09', TODAY, '15:00', 409, MESSAGES.doctorUnavailable],
      ['no doctor', '', TODAY, '15:00', 400, MESSAGES.requiredField],
    ])('refuses %s', async (_label, docId, slotDate, slotTime, status, message) => {
      const token = await registerPatient(env);
      const res = await book(env, token, docId, slotDate, slotTime);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(refusal(message));
    });

    it('accepts the last slot of the last day of the window', async () => {
      const token = await registerPatient(env);
      expect((await book(env, token, 'doc05', '30_11_2026', '20:30')).status).toBe(201);
    });
  });

  describe('my appointments and cancelling', () => {
    it('lists only my appointments, newest slot first, with the doctor data', async () => {
      const me = await registerPatient(env);
      const other = await registerPatient(env);
      await book(env, me, 'doc06', '25_11_2026', '12:00');
      await book(env, me, 'doc06', '27_11_2026', '10:00');
      await book(env, me, 'doc07', '25_11_2026', '18:30');
      await book(env, other, 'doc06', '28_11_2026', '10:00');
      const res = await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', me);
      expect(res.status).toBe(200);
      const list = res.body.appointments;
      expect(list.map((a) => `${a.slotDate} ${a.slotTime}`)).toEqual(['27_11_2026 10:00', '25_11_2026 18:30', '25_11_2026 12:00']);
      expect(list[0]).toEqual({
        _id: expect.any(String),
        docId: 'doc06',
        slotDate: '27_11_2026',
        slotTime: '10:00',
        docData: {
          _id: 'doc06',
          name: expect.any(String),
          image: `${PUBLIC_URL}/static/doctors/doc06.svg`,
          specialization: 'Gynecologist',
          address: { line1: expect.any(String), line2: expect.any(String) },
          fees: expect.any(Number),
        },
        amount: list[0]?.docData.fees,
        date: expect.any(Number),
        cancelled: false,
        // Inside the doctor's hours: no schedule change to answer.
        outsideHours: null,
        payment: false,
        isCompleted: false,
        rating: null,
      });
      expect(Math.abs((list[0]?.date ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('cancels my appointment once, frees the slot, and refuses a second cancel', async () => {
      const token = await registerPatient(env);
      await book(env, token, 'doc08', '26_11_2026', '13:30');
      const [appointment] = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', token)).body.appointments;
      const id = appointment?._id as string;
      expect((await doctors(env)).find((d) => d._id === 'doc08')?.slots_booked['26_11_2026']).toEqual(['13:30']);

      const cancel = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: id }, token);
      expect(cancel.status).toBe(200);
      expect(cancel.body).toEqual({ success: true, message: MESSAGES.appointmentCancelled });
      expect((await doctors(env)).find((d) => d._id === 'doc08')?.slots_booked['26_11_2026']).toBeUndefined();
      const list = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', token)).body.appointments;
      expect(list[0]?.cancelled).toBe(true);

      const again = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: id }, token);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: MESSAGES.alreadyCancelled, code: 'alreadyCancelled' });

      const rebook = await book(env, await registerPatient(env), 'doc08', '26_11_2026', '13:30');
      expect(rebook.status).toBe(201);
    });

    it("gives 404 for another patient's appointment and leaves it alone", async () => {
      const owner = await registerPatient(env);
      const intruder = await registerPatient(env);
      await book(env, owner, 'doc10', '26_11_2026', '17:00');
      const id = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', owner)).body.appointments[0]?._id;
      for (const appointmentId of [id, 'no-such-id']) {
        const res = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, intruder);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: MESSAGES.appointmentNotFound, code: 'appointmentNotFound' });
      }
      const mine = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', owner)).body.appointments;
      expect(mine[0]?.cancelled).toBe(false);
      expect((await post(env.app, '/api/v1/user/cancel-appointment', {}, intruder)).status).toBe(400);
    });
  });

});

afterAll(() => stopTestCluster());
