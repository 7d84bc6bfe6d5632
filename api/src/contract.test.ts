import {
  ApiError,
  bookAppointment,
  cancelAppointment,
  changePassword,
  DEFAULT_SCHEDULE,
  endSession,
  endWaitlistRequest,
  forgotPassword,
  getAppointmentCalendar,
  getAppointments,
  getClinic,
  getDoctors,
  getEarlierTimeOffer,
  getProfile,
  getSessions,
  keepAppointment,
  getAdminReleases,
  getWaitlist,
  login,
  orderCanary,
  sendTelemetry,
  MESSAGES,
  rateAppointment,
  register,
  requestEarlierTime,
  rescheduleAppointment,
  resetPassword,
  revokeOtherSessions,
  revokeSession,
  takeEarlierTime,
  updateProfile,
} from '@carebook/shared';
import * as contract from '@carebook/shared/contract';
import type { z } from 'zod';
import {
  addDoctor,
  adminLogin,
  cancelAdminAppointment,
  changeAvailability,
  getAdminAppointments,
  getAdminDoctors,
  getAppointmentEmails,
  keepAdminAppointment,
  getWaitlistOverview,
  liftNoShows,
  markAppointmentCompleted,
  markAppointmentMissed,
  markAppointmentPaid,
  saveDoctorSchedule,
  searchPatients,
  staffBookAppointment,
  staffRescheduleAppointment,
  updateDoctor,
  type DoctorWrite,
} from '../../admin/src/api/admin-api';
import {
  endAdminSession,
  getAdminSessions,
  getAudit,
  getPatientSessions,
  revokeAdminSession,
  revokePatientSessions,
} from '../../admin/src/api/activity-api';
import { hashResetToken } from './services/password-reset';
import { PNG_BYTES } from '../../testing/api/http';
import { parseStrictly, type RecordedReply, recordingClient, type RecordingClient } from '../../testing/api/recording-client';
import { ADMIN, createTestEnv, DRIVERS, stopTestCluster, type TestEnv } from '../../testing/api/test-app';

jest.setTimeout(60_000);

// The test clock is Tuesday 24 Nov 2026, 10:10 in Europe/Berlin.
const TOMORROW = '25_11_2026';

const NEW_DOCTOR: DoctorWrite = {
  name: 'Dr. Contract',
  specialization: 'Neurologist',
  degree: 'MBBS',
  experience: '3 Years',
  about: 'Checks that both sides agree.',
  fees: '40',
  address: { line1: '1 Wire St', line2: 'Schema City' },
  location: 'Mitte',
};

/** `/api/v1/...` routes as fastify lists them: `GET /api/v1/clinic`, one line per method. */
function registeredApiRoutes(routes: string): Set<string> {
  const found = new Set<string>();
  for (const [, url, methods] of routes.matchAll(/(\/api\/v1\/\S*) \(([^)]+)\)/g)) {
    for (const method of (methods as string).split(', ')) if (method !== 'HEAD') found.add(`${method} ${url}`);
  }
  return found;
}

describe.each(DRIVERS)('the shared API client against the real API on %s', (driver) => {
  let env: TestEnv;
  let patient: RecordingClient;
  let staff: RecordingClient;
  /** More clients (other devices) the session calls use; their calls count as covered too. */
  const others: RecordingClient[] = [];
  /** Calls of the remotes' own servers (with the releases key, not through the site's client). */
  const keyed: RecordedReply[] = [];
  const RELEASES_KEY = 'contract-releases-key-0123456789';

  beforeAll(async () => {
    env = await createTestEnv(driver, { RELEASES_API_KEY: RELEASES_KEY });
    const address = await env.app.listen({ host: '127.0.0.1', port: 0 });
    patient = recordingClient(address);
    staff = recordingClient(address);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** The last reply `client` received, parsed strictly with `schema`. */
  const lastReply = <Schema extends z.ZodType>(client: RecordingClient, schema: Schema): z.infer<Schema> => {
    const reply = client.replies.at(-1);
    if (!reply) throw new Error('no reply recorded');
    return parseStrictly(schema, reply.body);
  };

  it('gets replies of the shared schemas from every call of the site and of the admin app', async () => {
    expect(await getClinic(patient.api)).toEqual({ timeZone: 'Europe/Berlin' });
    lastReply(patient, contract.clinicReplySchema);
    // The first read goes through fastify, the next is served from memory before it (the fast path).
    for (let read = 0; read < 2; read += 1) {
      expect((await getDoctors(patient.api)).length).toBeGreaterThan(0);
      lastReply(patient, contract.doctorsReplySchema);
    }

    const email = `contract-${driver}@example.com`;
    await register(patient.api, { name: 'Cora Contract', email, password: 'secret1' });
    lastReply(patient, contract.tokenReplySchema);
    patient.useToken((await login(patient.api, { email, password: 'secret1' })).token);
    lastReply(patient, contract.tokenReplySchema);
    expect((await getProfile(patient.api)).email).toBe(email);
    lastReply(patient, contract.profileReplySchema);
    const image = new Blob([PNG_BYTES], { type: 'image/png' });
    const profile = { name: 'Cora Contract', phone: '+49 30 1234567', email, address: { line1: 'A 1', line2: '' }, dob: '1990-02-03', gender: 'Female', image };
    expect((await updateProfile(patient.api, profile)).user.gender).toBe('Female');
    lastReply(patient, contract.profileUpdateReplySchema);

    const { appointmentId } = await bookAppointment(patient.api, { docId: 'doc01', slotDate: TOMORROW, slotTime: '11:00' });
    lastReply(patient, contract.bookingReplySchema);
    await rescheduleAppointment(patient.api, { appointmentId, slotDate: TOMORROW, slotTime: '12:00' });
    lastReply(patient, contract.messageReplySchema);
    expect(await getAppointmentCalendar(patient.api, appointmentId)).toMatch(/^BEGIN:VCALENDAR/);
    const toCancel = (await bookAppointment(patient.api, { docId: 'doc02', slotDate: TOMORROW, slotTime: '13:00' })).appointmentId;
    await cancelAppointment(patient.api, toCancel);
    lastReply(patient, contract.messageReplySchema);
    const byStaff = (await bookAppointment(patient.api, { docId: 'doc03', slotDate: TOMORROW, slotTime: '14:00' })).appointmentId;

    staff.useToken((await adminLogin(staff.api, ADMIN)).token);
    lastReply(staff, contract.tokenReplySchema);
    expect((await getAdminDoctors(staff.api)).length).toBeGreaterThan(0);
    lastReply(staff, contract.adminDoctorsReplySchema);
    const listed = await getAdminAppointments(staff.api, { docId: 'doc01', status: 'upcoming', from: '2026-11-25', to: '2026-11-25' });
    expect(listed.map((a) => a._id)).toEqual([appointmentId]);
    lastReply(staff, contract.adminAppointmentsReplySchema);
    await markAppointmentPaid(staff.api, appointmentId);
    lastReply(staff, contract.messageReplySchema);
    await markAppointmentCompleted(staff.api, appointmentId);
    lastReply(staff, contract.messageReplySchema);
    // Waiting for an earlier time with doc04 with a visit at 17:00: the clinic cancels a 16:00
    // visit, so the patient is offered it and takes it.
    const later = (await bookAppointment(patient.api, { docId: 'doc04', slotDate: TOMORROW, slotTime: '17:00' })).appointmentId;
    const waiting = await requestEarlierTime(patient.api, { docId: 'doc04', partOfDay: 'afternoon' });
    expect(waiting.request.appointmentId).toBe(later);
    lastReply(patient, contract.waitlistReplySchema);
    expect((await getWaitlist(patient.api)).map((r) => r._id)).toEqual([waiting.request._id]);
    lastReply(patient, contract.waitlistListReplySchema);
    const freed = (await bookAppointment(patient.api, { docId: 'doc04', slotDate: TOMORROW, slotTime: '16:00' })).appointmentId;
    await cancelAdminAppointment(staff.api, freed);
    const [offer] = await env.db.query<{ id: string }>("SELECT id FROM waitlist_offers WHERE doctor_id = 'doc04'");
    expect(await getEarlierTimeOffer(patient.api, offer?.id ?? '')).toMatchObject({ status: 'open', slotTime: '16:00', current: { slotTime: '17:00' } });
    lastReply(patient, contract.offerReplySchema);
    expect((await takeEarlierTime(patient.api, offer?.id ?? '')).appointmentId).toBe(later);
    lastReply(patient, contract.offerTakenReplySchema);
    const other = await requestEarlierTime(patient.api, { docId: 'doc05' });
    await endWaitlistRequest(patient.api, other.request._id);
    lastReply(patient, contract.messageReplySchema);
    expect((await getWaitlistOverview(staff.api)).find((d) => d.docId === 'doc04')).toMatchObject({ offeredThisWeek: 1, takenThisWeek: 1 });
    lastReply(staff, contract.waitlistOverviewReplySchema);

    await cancelAdminAppointment(staff.api, byStaff);
    lastReply(staff, contract.messageReplySchema);
    expect((await searchPatients(staff.api, 'cora contract')).map((p) => p.email)).toEqual([email]);
    lastReply(staff, contract.patientSearchReplySchema);
    const desk = await staffBookAppointment(staff.api, { docId: 'doc04', slotDate: TOMORROW, slotTime: '15:00', patient: { email } }, 'contract-desk');
    expect(desk.appointment).toMatchObject({ patientName: 'Cora Contract', newPatient: false });
    lastReply(staff, contract.staffBookingReplySchema);
    await staffRescheduleAppointment(staff.api, { appointmentId: desk.appointment._id, slotDate: TOMORROW, slotTime: '15:30' });
    lastReply(staff, contract.messageReplySchema);
    // Two visits left outside doc01's hours by a day off: the patient keeps one, staff the other.
    const keptByPatient = (await bookAppointment(patient.api, { docId: 'doc01', slotDate: TOMORROW, slotTime: '11:00' })).appointmentId;
    const keptByStaff = (await bookAppointment(patient.api, { docId: 'doc01', slotDate: TOMORROW, slotTime: '11:30' })).appointmentId;
    const doc01 = (await getAdminDoctors(staff.api)).find((d) => d._id === 'doc01')?.schedule ?? DEFAULT_SCHEDULE;
    const dayOff = { weekly: doc01.weekly, timeOff: [...doc01.timeOff, { from: '2026-11-25', to: '2026-11-25' }] };
    const stranded = (await saveDoctorSchedule(staff.api, 'doc01', dayOff)).conflicts;
    lastReply(staff, contract.doctorScheduleReplySchema);
    expect(stranded.map((a) => [a._id, a.stranded?.held]).sort()).toEqual([[keptByPatient, true], [keptByStaff, true]].sort());
    await keepAppointment(patient.api, keptByPatient);
    lastReply(patient, contract.messageReplySchema);
    await keepAdminAppointment(staff.api, keptByStaff);
    lastReply(staff, contract.messageReplySchema);
    await saveDoctorSchedule(staff.api, 'doc01', doc01);
    await expect(markAppointmentMissed(staff.api, byStaff, true)).rejects.toEqual(new ApiError(MESSAGES.missedTooEarly, 400));
    await markAppointmentMissed(staff.api, byStaff, false);
    lastReply(staff, contract.messageReplySchema);
    await liftNoShows(staff.api, listed[0]?.userId ?? '');
    lastReply(staff, contract.messageReplySchema);
    const added = (await addDoctor(staff.api, { ...NEW_DOCTOR, image })).doctor;
    lastReply(staff, contract.doctorReplySchema);
    expect((await updateDoctor(staff.api, added._id, { ...NEW_DOCTOR, fees: '45' })).doctor.fees).toBe(45);
    lastReply(staff, contract.doctorReplySchema);
    expect((await changeAvailability(staff.api, added._id)).available).toBe(false);
    lastReply(staff, contract.availabilityReplySchema);
    const hours = { ...DEFAULT_SCHEDULE, timeOff: [{ from: '2026-12-24', to: '2026-12-26' }] };
    expect((await saveDoctorSchedule(staff.api, added._id, hours, { dryRun: true })).conflicts).toEqual([]);
    lastReply(staff, contract.doctorScheduleReplySchema);
    expect((await saveDoctorSchedule(staff.api, added._id, hours)).doctor.schedule).toEqual(hours);
    lastReply(staff, contract.doctorScheduleReplySchema);

    await rateAppointment(patient.api, { appointmentId, rating: 5, comment: 'Clear and kind.' });
    lastReply(patient, contract.messageReplySchema);
    const rated = (await getAppointments(patient.api)).find((a) => a._id === appointmentId);
    expect(rated).toMatchObject({ _id: appointmentId, rating: 5, isCompleted: true, payment: true });
    lastReply(patient, contract.appointmentsReplySchema);
    expect((await getAppointmentEmails(staff.api, byStaff)).map((e) => e.kind)).toEqual(['booked', 'cancelled']);
    lastReply(staff, contract.appointmentEmailsReplySchema);
    expect((await forgotPassword(patient.api, { email })).message).toBe(MESSAGES.resetLinkSent);
    lastReply(patient, contract.messageReplySchema);
    // The emailed token is stored only hashed: plant one whose text the test knows.
    const [user] = await env.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const token = 'c'.repeat(43);
    await env.db.query('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashResetToken(token),
      user?.id,
      env.clock.time,
      new Date(env.clock.time.getTime() + 60_000),
    ]);
    // The same password again (allowed): the session calls below log in with it.
    patient.useToken((await resetPassword(patient.api, { token, password: 'secret1' })).token);
    lastReply(patient, contract.tokenReplySchema);
    // After the writes the list is rebuilt, through fastify and then from memory again.
    for (let read = 0; read < 2; read += 1) {
      expect((await getDoctors(patient.api)).find((d) => d._id === 'doc01')).toMatchObject({ rating: 5, reviews: 1 });
      lastReply(patient, contract.doctorsReplySchema);
    }
  });

  it('gets replies of the shared schemas from the session and activity calls', async () => {
    const email = `contract-${driver}@example.com`;
    const other = recordingClient(patient.api.baseUrl);
    others.push(other);
    other.useToken((await login(other.api, { email, password: 'secret1' })).token);
    const sessions = await getSessions(patient.api);
    lastReply(patient, contract.sessionsReplySchema);
    const otherId = sessions.find((s) => !s.current)?.id ?? '';
    await revokeSession(patient.api, otherId);
    lastReply(patient, contract.messageReplySchema);
    await revokeOtherSessions(patient.api);
    lastReply(patient, contract.sessionsEndedReplySchema);
    await changePassword(patient.api, { currentPassword: 'secret1', newPassword: 'secret2' });
    lastReply(patient, contract.sessionsEndedReplySchema);
    const me = (await getProfile(patient.api))._id;

    const trail = await getAudit(staff.api, { patientId: me, limit: 5 });
    expect(trail.entries[0]?.action).toBe('account.password-change');
    lastReply(staff, contract.auditReplySchema);
    expect((await getPatientSessions(staff.api, me)).length).toBe(1);
    lastReply(staff, contract.sessionsReplySchema);
    const own = await getAdminSessions(staff.api);
    lastReply(staff, contract.sessionsReplySchema);
    const second = recordingClient(staff.api.baseUrl);
    others.push(second);
    second.useToken((await adminLogin(second.api, ADMIN)).token);
    const secondId = (await getAdminSessions(second.api)).find((s) => s.current)?.id ?? '';
    expect(own.map((s) => s.id)).not.toContain(secondId);
    await revokeAdminSession(staff.api, secondId);
    lastReply(staff, contract.messageReplySchema);
    await revokePatientSessions(staff.api, me);
    lastReply(staff, contract.sessionsEndedReplySchema);
    await expect(getProfile(patient.api)).rejects.toEqual(new ApiError(MESSAGES.notLoggedIn, 401));
    other.useToken((await login(other.api, { email, password: 'secret2' })).token);
    await endSession(other.api);
    lastReply(other, contract.messageReplySchema);
    await expect(getProfile(other.api)).rejects.toEqual(new ApiError(MESSAGES.notLoggedIn, 401));
    second.useToken((await adminLogin(second.api, ADMIN)).token);
    await endAdminSession(second.api);
    lastReply(second, contract.messageReplySchema);
    patient.useToken((await login(patient.api, { email, password: 'secret2' })).token);
  });

  it('gets replies of the shared schemas from the telemetry, the canary watch and the releases calls', async () => {
    const live = '20261124T080000Z-11111111';
    const canary = '20261124T090000Z-22222222';
    const keyCall = async (method: 'GET' | 'POST', path: string, body?: object): Promise<string> => {
      const headers: Record<string, string> = { 'x-releases-key': RELEASES_KEY, ...(body ? { 'content-type': 'application/json' } : {}) };
      const response = await fetch(`${patient.api.baseUrl}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
      const text = await response.text();
      keyed.push({ method, path, status: response.status, body: text });
      expect(response.status).toBe(200);
      return text;
    };
    await sendTelemetry(patient.api, { v: 1, page: 'contract-page-1', releases: { doctors: canary }, canary: ['doctors'], events: [{ type: 'view', remotes: ['doctors'] }, { type: 'vital', name: 'LCP', value: 900 }] });
    lastReply(patient, contract.telemetryReplySchema);
    const state = { id: canary, base: live, share: 10, stage: 1, stageCount: 1, stageEndsAt: null, state: 'running' as const, startedAt: '2026-11-24T09:00:00.000Z' };
    const checked = parseStrictly(contract.releaseCheckReplySchema, await keyCall('POST', '/api/v1/releases/doctors/check', { live, canary: state }));
    expect(checked.order).toEqual({ action: 'none' });
    expect(checked.rule?.verdict).toBe('too-few-views');
    parseStrictly(contract.releaseHealthReplySchema, await keyCall('GET', '/api/v1/releases/doctors/health'));
    const releases = await getAdminReleases(staff.api, 'day');
    expect(releases.remotes.find((r) => r.remote === 'doctors')?.canary?.id).toBe(canary);
    lastReply(staff, contract.adminReleasesReplySchema);
    expect((await orderCanary(staff.api, 'doctors', 'promote', canary)).order).toMatchObject({ action: 'promote', by: 'staff', canary });
    lastReply(staff, contract.releaseOrderReplySchema);
    expect((await orderCanary(staff.api, 'doctors', 'rollback', canary)).order).toMatchObject({ action: 'rollback', by: 'staff', canary });
    lastReply(staff, contract.releaseOrderReplySchema);
  });

  it('gets refusals as { success: false, message, code } with the product message and its key', async () => {
    const refusal = bookAppointment(patient.api, { docId: 'doc01', slotDate: TOMORROW, slotTime: '10:15' });
    await expect(refusal).rejects.toEqual(new ApiError(MESSAGES.slotInvalidTime, 400));
    expect(lastReply(patient, contract.errorReplySchema)).toEqual({ success: false, message: MESSAGES.slotInvalidTime, code: 'slotInvalidTime' });
  });

  it('has called every /api/v1 route the API registers, so a new route needs a contract check', () => {
    const called = new Set(
      [...patient.replies, ...staff.replies, ...others.flatMap((client) => client.replies), ...keyed].map((r) => `${r.method} ${r.path.replace(/appointments\/[^/]+\/calendar$/, 'appointments/:appointmentId/calendar').replace(/releases\/doctors\//, 'releases/:remote/')}`),
    );
    const registered = registeredApiRoutes(env.app.printRoutes({ commonPrefix: false }));
    // The admin list also answers POST, for the original admin panel; the admin app uses GET.
    registered.delete('POST /api/v1/admin/all-doctors');
    expect([...registered].filter((route) => !called.has(route))).toEqual([]);
    expect(registered.size).toBeGreaterThanOrEqual(19);
  });
});

describe('reply schemas', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('are required of every /api/v1 route: one without them stops the app from building', async () => {
    const app = await env.buildOther({});
    expect(() => app.post('/api/v1/user/new-thing', async () => ({ success: true }))).toThrow(/has no reply schema/);
    expect(() => app.post('/api/v1/user/new-thing', { schema: {} }, async () => ({ success: true }))).toThrow(/has no reply schema/);
    expect(() => app.get('/not-the-api', async () => 'ok')).not.toThrow();
  });
});

afterAll(() => stopTestCluster());
