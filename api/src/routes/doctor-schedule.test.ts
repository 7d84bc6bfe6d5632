import { type AdminAppointment, type Doctor, DEFAULT_SCHEDULE, MESSAGES, SCHEDULE_MESSAGES, type Schedule } from '@carebook/shared';
import { post } from '../../../testing/api/http';
import { adminToken, book, bookSlot, doctor, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(90_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (see TestClock). Wed 25 Nov is TOMORROW.
const TODAY = '24_11_2026';
const TOMORROW = '25_11_2026';
const SCHEDULE = '/api/v1/admin/doctor-schedule';

type ScheduleReply = { success: boolean; message: string; doctor: Doctor; conflicts: AdminAppointment[] };

const noHours = (): Schedule['weekly'] => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
/** Wednesdays 07:00-09:00 and 14:00-16:00, Thursdays 09:00-12:00; away Friday 27 Nov. */
const SPARSE: Schedule = {
  weekly: { ...noHours(), wed: [{ start: '07:00', end: '09:00' }, { start: '14:00', end: '16:00' }], thu: [{ start: '09:00', end: '12:00' }] },
  timeOff: [{ from: '2026-11-27', to: '2026-11-27' }],
};

describe.each(DRIVERS)('doctor schedules on %s', (driver) => {
  const env = useTestEnv(driver);
  const setSchedule = async (body: object) => post<ScheduleReply>(env.app, SCHEDULE, body, await adminToken(env));

  it('carries the default schedule (10:00-21:00 daily) on every doctor of all-doctors', async () => {
    expect((await doctor(env, 'doc01')).schedule).toEqual(DEFAULT_SCHEDULE);
  });

  it('saves a schedule, lists the upcoming appointments now outside it and keeps them', async () => {
    const patient = await registerPatient(env);
    const inside = await bookSlot(env, patient, 'doc02', TOMORROW, '14:30');
    const outside = await bookSlot(env, patient, 'doc02', TOMORROW, '18:00');
    const later = await bookSlot(env, patient, 'doc02', '29_11_2026', '12:00');
    await doctor(env, 'doc02'); // the cached list must follow the change
    const res = await setSchedule({ docId: 'doc02', ...SPARSE });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.scheduleSaved, doctor: { _id: 'doc02', schedule: SPARSE } });
    expect(res.body.conflicts.map((a) => a._id)).toEqual([outside, later]); // soonest first; 14:30 Wednesday fits
    expect(res.body.conflicts[0]).toMatchObject({ slotDate: TOMORROW, slotTime: '18:00', cancelled: false, userData: { name: 'Test Patient' } });
    expect(res.body.conflicts.some((a) => a._id === inside)).toBe(false);

    const listed = await doctor(env, 'doc02');
    expect(listed.schedule).toEqual(SPARSE);
    expect(listed.slots_booked[TOMORROW]).toEqual(['14:30', '18:00']); // kept, not cancelled
  });

  it('with dryRun, lists the conflicts and saves nothing', async () => {
    const patient = await registerPatient(env);
    const id = await bookSlot(env, patient, 'doc03', TOMORROW, '19:00');
    const res = await setSchedule({ docId: 'doc03', ...SPARSE, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.scheduleChecked);
    expect(res.body.conflicts.map((a) => a._id)).toEqual([id]);
    expect((await doctor(env, 'doc03')).schedule).toEqual(DEFAULT_SCHEDULE);
  });

  it('refuses bad schedules with 400 naming the field, and changes nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ weekly: { ...noHours(), mon: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } }, SCHEDULE_MESSAGES.overlap('weekly.mon[1]', 'weekly.mon[0]', { start: '09:00', end: '12:00' })],
      [{ weekly: { mon: [{ start: '09:10', end: '12:00' }] } }, SCHEDULE_MESSAGES.offGrid('weekly.mon[0].start')],
      [{ weekly: { tue: [{ start: '12:00', end: '10:00' }] } }, SCHEDULE_MESSAGES.endBeforeStart('weekly.tue[0].end', '12:00')],
      [{ weekly: { monday: [] } }, SCHEDULE_MESSAGES.unknownWeekday('monday')],
      [{ weekly: {}, timeOff: [{ from: '2026-12-26', to: '2026-12-24' }] }, SCHEDULE_MESSAGES.fromAfterTo('timeOff[0].from', '2026-12-24')],
      [{ weekly: {}, timeOff: [{ from: '24.12.2026', to: '2026-12-24' }] }, SCHEDULE_MESSAGES.notADay('timeOff[0].from')],
      [{ timeOff: [] }, SCHEDULE_MESSAGES.weeklyNotObject],
    ];
    for (const [body, message] of cases) {
      const res = await setSchedule({ docId: 'doc04', ...body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await setSchedule({ docId: 'nobody', weekly: {} })).status).toBe(404);
    expect((await setSchedule({ weekly: {} })).body.message).toBe(MESSAGES.requiredField);
    expect((await post(env.app, SCHEDULE, { docId: 'doc04', weekly: {} }, await registerPatient(env))).status).toBe(401);
    expect((await doctor(env, 'doc04')).schedule).toEqual(DEFAULT_SCHEDULE);
  });

  it('books and reschedules only inside the hours and off time off, each refusal with its own message', async () => {
    expect((await setSchedule({ docId: 'doc05', ...SPARSE })).status).toBe(200);
    const patient = await registerPatient(env);
    const refusals: Array<[string, string, string]> = [
      [TOMORROW, '09:00', MESSAGES.slotOutsideHours], // the end of a range is not a start
      [TOMORROW, '12:00', MESSAGES.slotOutsideHours],
      [TODAY, '15:00', MESSAGES.slotOutsideHours], // Tuesday: no hours
      ['27_11_2026', '10:00', MESSAGES.slotDoctorAway],
    ];
    for (const [slotDate, slotTime, message] of refusals) {
      const res = await book(env, patient, 'doc05', slotDate, slotTime);
      expect([slotDate, slotTime, res.status, res.body.message]).toEqual([slotDate, slotTime, 400, message]);
    }
    const early = await bookSlot(env, patient, 'doc05', TOMORROW, '07:00'); // before the old 10:00 opening
    const move = (slotDate: string, slotTime: string) =>
      post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: early, slotDate, slotTime }, patient);
    expect((await move('27_11_2026', '09:00')).body.message).toBe(MESSAGES.slotDoctorAway);
    expect((await move('26_11_2026', '13:00')).body.message).toBe(MESSAGES.slotOutsideHours);
    expect((await move('26_11_2026', '11:30')).status).toBe(200);
    expect((await doctor(env, 'doc05')).slots_booked['26_11_2026']).toEqual(['11:30']);
  });

  it('never leaves a booking that raced a schedule change outside it unreported', async () => {
    const patients = await Promise.all(Array.from({ length: 12 }, () => registerPatient(env)));
    const times = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'];
    // Afternoon hours only until 16:00 from now on: 16:00 ... 19:30 fall outside.
    const narrow = { docId: 'doc06', weekly: { ...noHours(), wed: [{ start: '14:00', end: '16:00' }] }, timeOff: [] };
    const admin = await adminToken(env);
    const [change, ...bookings] = await Promise.all([
      post<ScheduleReply>(env.app, SCHEDULE, narrow, admin),
      ...times.map((time, i) => book(env, patients[i] as string, 'doc06', TOMORROW, time)),
    ]);
    expect(change?.status).toBe(200);
    for (const [i, res] of bookings.entries()) {
      // Inside the new hours every booking goes in; outside, it went in before the change or was refused.
      if ((times[i] as string) < '16:00') expect(res.status).toBe(201);
      else expect([[201, true], [400, MESSAGES.slotOutsideHours]]).toContainEqual([res.status, res.status === 201 || res.body.message]);
    }
    const reported = new Set(change?.body.conflicts.map((a) => a._id));
    const rows = await env.db.query<{ id: string; slot_time: string }>(
      "SELECT id, slot_time FROM appointments WHERE doctor_id = 'doc06' AND slot_date = $1 AND NOT cancelled",
      [TOMORROW],
    );
    const outside = rows.filter((row) => row.slot_time >= '16:00');
    for (const row of outside) expect([row.slot_time, reported.has(row.id)]).toEqual([row.slot_time, true]);
    // And nothing bookable afterwards falls outside.
    expect((await book(env, patients[0] as string, 'doc06', TOMORROW, '19:30')).body.message).toBe(MESSAGES.slotOutsideHours);
  });
});

afterAll(stopTestCluster);
