import { MESSAGES } from '@carebook/shared';
import { post } from '../../../testing/api/http';
import { adminCall, bookSlot, doctor, myAppointments, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (see TestClock).
const TODAY = '24_11_2026';
const TOMORROW = '25_11_2026';
const RESCHEDULE = '/api/v1/user/reschedule-appointment';

describe.each(DRIVERS)('reschedule on %s', (driver) => {
  const env = useTestEnv(driver);

  const move = (token: string, appointmentId: string, slotDate: string, slotTime: string) =>
    post(env.app, RESCHEDULE, { appointmentId, slotDate, slotTime }, token);

  async function slotOf(token: string, appointmentId: string): Promise<string> {
    const found = (await myAppointments(env, token)).find((a) => a._id === appointmentId);
    return `${found?.slotDate} ${found?.slotTime}`;
  }

  it('moves the appointment and frees the old slot at once', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc01', TODAY, '14:00');
    expect((await doctor(env, 'doc01')).slots_booked[TODAY]).toContain('14:00'); // the cached list now holds it

    const res = await move(token, id, TOMORROW, '11:00');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.appointmentRescheduled });
    expect(await slotOf(token, id)).toBe(`${TOMORROW} 11:00`);
    expect(await myAppointments(env, token)).toHaveLength(1); // moved, not copied

    const booked = (await doctor(env, 'doc01')).slots_booked;
    expect(booked[TODAY] ?? []).not.toContain('14:00');
    expect(booked[TOMORROW]).toContain('11:00');
    // Someone else can take the freed time straight away.
    const other = await registerPatient(env, 'Other Patient');
    await expect(bookSlot(env, other, 'doc01', TODAY, '14:00')).resolves.toEqual(expect.any(String));
  });

  it('refuses a taken slot with 409 and changes nothing', async () => {
    const [a, b] = [await registerPatient(env), await registerPatient(env)];
    const mine = await bookSlot(env, a, 'doc02', TODAY, '15:00');
    const theirs = await bookSlot(env, b, 'doc02', TODAY, '16:00');
    const res = await move(a, mine, TODAY, '16:00');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: MESSAGES.slotTaken, code: 'slotTaken' });
    expect(await slotOf(a, mine)).toBe(`${TODAY} 15:00`);
    expect(await slotOf(b, theirs)).toBe(`${TODAY} 16:00`);
    expect((await doctor(env, 'doc02')).slots_booked[TODAY]).toEqual(['15:00', '16:00']);
  });

  it("answers 404 for another patient's appointment and leaves it alone", async () => {
    const [owner, stranger] = [await registerPatient(env), await registerPatient(env)];
    const id = await bookSlot(env, owner, 'doc03', TODAY, '17:00');
    const res = await move(stranger, id, TODAY, '17:30');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.appointmentNotFound);
    expect(await slotOf(owner, id)).toBe(`${TODAY} 17:00`);
    expect((await move(owner, 'no-such-appointment', TODAY, '17:30')).status).toBe(404);
  });

  it('answers 400 for a new slot that is invalid, past or too far ahead', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc04', TODAY, '18:00');
    const cases: Array<[string, string, string]> = [
      [TODAY, '10:00', MESSAGES.slotInPast],
      [TODAY, '18:15', MESSAGES.slotInvalidTime],
      ['31_11_2026', '11:00', MESSAGES.slotInvalidDate],
      ['1_12_2026', '11:00', MESSAGES.slotTooFarAhead],
      [TODAY, '18:00', MESSAGES.rescheduleSameSlot],
    ];
    for (const [slotDate, slotTime, message] of cases) {
      const res = await move(token, id, slotDate, slotTime);
      expect([slotDate, slotTime, res.status, res.body.message]).toEqual([slotDate, slotTime, 400, message]);
    }
    expect((await post(env.app, RESCHEDULE, { slotDate: TOMORROW, slotTime: '11:00' }, token)).status).toBe(400);
    expect(await slotOf(token, id)).toBe(`${TODAY} 18:00`);
  });

  it('answers 400 for a cancelled or completed appointment', async () => {
    const token = await registerPatient(env);
    const cancelled = await bookSlot(env, token, 'doc05', TODAY, '12:00');
    const completed = await bookSlot(env, token, 'doc05', TODAY, '12:30');
    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: cancelled }, token)).status).toBe(200);
    expect((await adminCall(env, '/api/v1/admin/appointment-complete', { appointmentId: completed })).status).toBe(200);
    for (const id of [cancelled, completed]) {
      const res = await move(token, id, TOMORROW, '13:00');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.appointmentNotMovable);
    }
    expect((await doctor(env, 'doc05')).slots_booked[TOMORROW]).toBeUndefined();
  });

  it('refuses to move or cancel an appointment that has started (400), and changes nothing', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc06', TODAY, '10:30');
    const before = env.clock.time;
    env.clock.time = new Date('2026-11-24T09:35:00Z'); // 10:35 in Berlin: the visit is under way
    try {
      const moved = await move(token, id, TOMORROW, '10:30');
      expect([moved.status, moved.body.message]).toEqual([400, MESSAGES.appointmentPast]);
      const cancelled = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: id }, token);
      expect([cancelled.status, cancelled.body.message]).toEqual([400, MESSAGES.appointmentPast]);
    } finally {
      env.clock.time = before;
    }
    const [appointment] = await myAppointments(env, token);
    expect(appointment).toMatchObject({ slotDate: TODAY, slotTime: '10:30', cancelled: false });
  });

  it('answers 409 when the doctor has stopped taking appointments', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc07', TODAY, '19:00');
    expect((await adminCall(env, '/api/v1/admin/change-availability', { docId: 'doc07' })).status).toBe(200);
    try {
      const res = await move(token, id, TOMORROW, '19:00');
      expect([res.status, res.body.message]).toEqual([409, MESSAGES.doctorUnavailable]);
    } finally {
      await adminCall(env, '/api/v1/admin/change-availability', { docId: 'doc07' });
    }
    expect(await slotOf(token, id)).toBe(`${TODAY} 19:00`);
  });

  it('needs a logged-in patient', async () => {
    expect((await post(env.app, RESCHEDULE, { appointmentId: 'x', slotDate: TOMORROW, slotTime: '11:00' })).status).toBe(401);
  });

  it('lets exactly one of several racing reschedules onto one slot win', async () => {
    const patients = await Promise.all(Array.from({ length: 6 }, () => registerPatient(env)));
    const ids = await Promise.all(patients.map((token, i) => bookSlot(env, token, 'doc08', TOMORROW, `1${i}:00`)));
    const statuses = await Promise.all(patients.map(async (token, i) => (await move(token, ids[i] as string, TOMORROW, '18:30')).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const winner = statuses.indexOf(200);
    const booked = (await doctor(env, 'doc08')).slots_booked[TOMORROW] ?? [];
    expect(booked.filter((t) => t === '18:30')).toHaveLength(1);
    expect(booked).not.toContain(`1${winner}:00`);
    expect(booked).toHaveLength(6);
    const rows = await env.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM appointments WHERE doctor_id = 'doc08' AND slot_time = '18:30' AND NOT cancelled`,
    );
    expect(rows[0]?.n).toBe('1');
  });

  it("says so when a rule on the patient's own calendar refuses the move (any other unique index)", async () => {
    // Stands in for the per-patient rule ("never two at the same time") that booking enforces.
    await env.db.exec(
      'CREATE UNIQUE INDEX test_patient_live_slot ON appointments (user_id, slot_date, slot_time) WHERE NOT cancelled',
    );
    try {
      const token = await registerPatient(env);
      await bookSlot(env, token, 'doc10', TOMORROW, '14:00');
      const other = await bookSlot(env, token, 'doc11', TOMORROW, '15:00');
      const res = await move(token, other, TOMORROW, '14:00');
      expect([res.status, res.body.message]).toEqual([409, MESSAGES.patientSlotClash]);
      expect(await slotOf(token, other)).toBe(`${TOMORROW} 15:00`);
    } finally {
      await env.db.exec('DROP INDEX test_patient_live_slot');
    }
  });
});

afterAll(() => stopTestCluster());
