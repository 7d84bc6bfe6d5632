import { cancelCutoffMessage, MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminToken, book, bookSlot, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, type TestEnv, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(120_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (see TestClock).
const START = new Date('2026-11-24T09:10:00Z');
const TODAY = '24_11_2026';
const TOMORROW = '25_11_2026';
const FRIDAY = '27_11_2026';

interface AdminRow {
  _id: string;
  missed: boolean;
  patientMissed: number;
}

async function adminRow(env: TestEnv, admin: string, id: string): Promise<AdminRow | undefined> {
  return (await get<{ appointments: AdminRow[] }>(env.app, '/api/v1/admin/appointments', admin)).body.appointments.find((a) => a._id === id);
}

async function auditActions(env: TestEnv): Promise<string[]> {
  return (await env.db.query<{ action: string }>('SELECT action FROM audit_log ORDER BY seq')).map((r) => r.action);
}

describe.each(DRIVERS)('no-shows and the cancellation cut-off on %s', (driver) => {
  // One missed visit within 30 days stops online booking; online changes close 24 hours before.
  const env = useTestEnv(driver, () => ({ NO_SHOW_LIMIT: '1', NO_SHOW_WINDOW_DAYS: '30', CANCEL_CUTOFF_HOURS: '24' }));
  afterAll(() => stopTestCluster());
  afterEach(() => {
    env.clock.time = START;
  });

  const missed = (admin: string, appointmentId: string, value: boolean) => post(env.app, '/api/v1/admin/appointment-missed', { appointmentId, missed: value }, admin);

  it('lets staff mark a visit missed only after its time, shows it, stops booking, and lifts the stop', async () => {
    const patient = await registerPatient(env, 'No Show');
    const admin = await adminToken(env);
    const visit = await bookSlot(env, patient, 'doc01', TODAY, '14:00');
    const early = await missed(admin, visit, true);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MESSAGES.missedTooEarly);

    env.clock.time = new Date('2026-11-24T13:05:00Z'); // 14:05 in Berlin: the visit has started
    expect((await missed(admin, visit, true)).body.message).toBe(MESSAGES.appointmentMarkedMissed);
    expect(await adminRow(env, admin, visit)).toMatchObject({ missed: true, patientMissed: 1 });

    const refused = await book(env, patient, 'doc02', TOMORROW, '15:00');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.bookingStoppedNoShows);
    const waitlist = await post(env.app, '/api/v1/user/waitlist', { docId: 'doc02' }, patient);
    expect(waitlist.body.message).toBe(MESSAGES.bookingStoppedNoShows);

    // Undo, then mark again: the stop follows the mark.
    expect((await missed(admin, visit, false)).body.message).toBe(MESSAGES.appointmentMissedUndone);
    expect(await adminRow(env, admin, visit)).toMatchObject({ missed: false, patientMissed: 0 });
    expect((await book(env, patient, 'doc02', TOMORROW, '15:00')).status).toBe(201);
    expect((await missed(admin, visit, true)).status).toBe(200);
    expect((await book(env, patient, 'doc02', TOMORROW, '16:00')).status).toBe(403);

    const userId = (await get<{ user: { _id: string } }>(env.app, '/api/v1/user/get-profile', patient)).body.user._id;
    const lift = await post(env.app, '/api/v1/admin/patient-no-show-lift', { userId }, admin);
    expect(lift.body.message).toBe(MESSAGES.noShowLifted);
    expect(await adminRow(env, admin, visit)).toMatchObject({ missed: true, patientMissed: 0 }); // still shown, no longer counted
    expect((await book(env, patient, 'doc02', TOMORROW, '16:00')).status).toBe(201);
    expect((await post(env.app, '/api/v1/admin/patient-no-show-lift', { userId: 'nobody' }, admin)).status).toBe(404);

    const actions = await auditActions(env);
    expect(actions.filter((a) => a === 'appointment.missed')).toHaveLength(2);
    expect(actions).toContain('appointment.missed-undone');
    expect(actions).toContain('patient.no-show-lift');
  });

  it('refuses to mark a cancelled visit missed', async () => {
    const patient = await registerPatient(env);
    const admin = await adminToken(env);
    const visit = await bookSlot(env, patient, 'doc03', FRIDAY, '10:00');
    expect((await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: visit }, admin)).status).toBe(200);
    env.clock.time = new Date('2026-11-27T12:00:00Z');
    const later = await adminToken(env); // staff sign in again on the day (a token lasts hours, not days)
    expect((await missed(later, visit, true)).body.message).toBe(MESSAGES.missedNotPossible);
    expect((await missed(later, 'no-such-visit', true)).status).toBe(404);
  });

  it('stops online cancel and move within CANCEL_CUTOFF_HOURS, and allows them before', async () => {
    const patient = await registerPatient(env);
    const soon = await bookSlot(env, patient, 'doc04', TOMORROW, '10:00'); // 23h50 away
    const later = await bookSlot(env, patient, 'doc04', FRIDAY, '10:00');
    const cancel = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: soon }, patient);
    expect(cancel.status).toBe(400);
    expect(cancel.body).toEqual({ success: false, message: cancelCutoffMessage(24), code: 'cancelCutoff' });
    const move = await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: soon, slotDate: FRIDAY, slotTime: '11:00' }, patient);
    expect(move.body).toEqual({ success: false, message: cancelCutoffMessage(24), code: 'cancelCutoff' });
    // Staff can still cancel it.
    expect((await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: soon }, await adminToken(env))).status).toBe(200);
    expect((await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: later, slotDate: FRIDAY, slotTime: '11:00' }, patient)).status).toBe(200);
    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: later }, patient)).status).toBe(200);
  });

  it('lets the desk book a patient whom missed visits stopped online, and move a visit within the cut-off', async () => {
    const patient = await registerPatient(env, 'Desk Noshow');
    const admin = await adminToken(env);
    const visit = await bookSlot(env, patient, 'doc07', TODAY, '14:00');
    const soon = await bookSlot(env, patient, 'doc07', TOMORROW, '10:00'); // 23h50 away
    env.clock.time = new Date('2026-11-24T13:05:00Z');
    expect((await missed(admin, visit, true)).status).toBe(200);
    expect((await book(env, patient, 'doc07', FRIDAY, '15:00')).status).toBe(403);

    const email = (await get<{ user: { email: string } }>(env.app, '/api/v1/user/get-profile', patient)).body.user.email;
    const booked = await post(env.app, '/api/v1/admin/book-appointment', { docId: 'doc07', slotDate: FRIDAY, slotTime: '15:00', patient: { email } }, admin);
    expect(booked.status).toBe(201);
    const moved = await post(env.app, '/api/v1/admin/appointment-reschedule', { appointmentId: soon, slotDate: FRIDAY, slotTime: '16:00' }, admin);
    expect(moved.status).toBe(200);
  });

  it('does not offer a freed time to a patient whose visit is within the cut-off', async () => {
    const [waiting, holder] = [await registerPatient(env, 'Waiting'), await registerPatient(env, 'Holder')];
    await bookSlot(env, waiting, 'doc05', TOMORROW, '10:00'); // within 24 h: cannot move online
    expect((await post(env.app, '/api/v1/user/waitlist', { docId: 'doc05' }, waiting)).status).toBe(201);
    const freed = await bookSlot(env, holder, 'doc05', TODAY, '18:00');
    expect((await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: freed }, await adminToken(env))).status).toBe(200);
    expect(await env.db.query("SELECT id FROM waitlist_offers WHERE doctor_id = 'doc05'")).toEqual([]);
  });
});
