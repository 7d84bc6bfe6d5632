import type { Appointment, Doctor } from '@carebook/shared';
import { MESSAGES } from '@carebook/shared';
import { get, post, refusal } from '../../../testing/api/http';
import { ADMIN, createTestEnv, DRIVERS, stopTestCluster, type TestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

type AdminAppointment = Appointment & { userData: { name: string } };
type ListBody = { appointments: AdminAppointment[] };

// The test clock is Tuesday 24 Nov 2026, 10:10 in Europe/Berlin: bookable from 10:30 today to 30 Nov.
describe.each(DRIVERS)('admin panel API on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let patient: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = (await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN)).body.token;
    patient = (
      await post<{ token: string }>(env.app, '/api/v1/user/register', {
        name: 'Lena Filter',
        email: 'lena.filter@example.com',
        password: 'secret1',
      })
    ).body.token;
    const bookings = [
      ['today', 'doc01', '24_11_2026', '14:00'],
      ['tomorrow', 'doc02', '25_11_2026', '11:00'],
      ['saturday', 'doc01', '28_11_2026', '16:30'],
      ['monday', 'doc03', '30_11_2026', '10:00'],
    ] as const;
    for (const [, docId, slotDate, slotTime] of bookings) {
      const res = await post(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, patient);
      expect(res.status).toBe(201);
    }
    const all = (await get<ListBody>(env.app, '/api/v1/admin/appointments', admin)).body.appointments;
    for (const [name, docId, slotDate] of bookings) {
      ids[name] = all.find((a) => a.docId === docId && a.slotDate === slotDate)?._id ?? '';
    }
    await post(env.app, '/api/v1/admin/appointment-complete', { appointmentId: ids.today }, admin);
    await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: ids.tomorrow }, admin);
  });
  afterAll(async () => {
    await env?.close();
  });

  const list = async (query: string) => get<ListBody>(env.app, `/api/v1/admin/appointments${query}`, admin);
  const slotsOf = async (query: string) => (await list(query)).body.appointments.map((a) => `${a.docId} ${a.slotDate}`);

  it('narrows the appointment list by doctor, days and status, and combines them', async () => {
    expect(await slotsOf('')).toEqual(['doc03 30_11_2026', 'doc01 28_11_2026', 'doc02 25_11_2026', 'doc01 24_11_2026']);
    expect(await slotsOf('?docId=doc01')).toEqual(['doc01 28_11_2026', 'doc01 24_11_2026']);
    expect(await slotsOf('?from=2026-11-25&to=2026-11-28')).toEqual(['doc01 28_11_2026', 'doc02 25_11_2026']);
    expect(await slotsOf('?from=2026-11-24&to=2026-11-24')).toEqual(['doc01 24_11_2026']);
    expect(await slotsOf('?status=upcoming')).toEqual(['doc03 30_11_2026', 'doc01 28_11_2026']);
    expect(await slotsOf('?status=completed')).toEqual(['doc01 24_11_2026']);
    expect(await slotsOf('?status=cancelled')).toEqual(['doc02 25_11_2026']);
    expect(await slotsOf('?docId=doc01&status=upcoming&from=2026-11-24')).toEqual(['doc01 28_11_2026']);
    expect(await slotsOf('?docId=&status=&from=&to=')).toHaveLength(4);
    expect(await slotsOf('?docId=nobody')).toEqual([]);
  });

  it('refuses malformed filters with a clear 400 instead of widening the list', async () => {
    for (const [query, message] of [
      ['?from=2026-02-30', MESSAGES.invalidDateFilter],
      ['?to=30_11_2026', MESSAGES.invalidDateFilter],
      ['?status=paid', MESSAGES.invalidStatusFilter],
      ['?docId=a&docId=b', MESSAGES.badRequest],
    ] as const) {
      const res = await list(query);
      expect([query, res.status, res.body]).toEqual([query, 400, refusal(message)]);
    }
  });

  it('refuses an admin token on a process started with another admin password or email', async () => {
    const login = await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN);
    expect(login.status).toBe(200);
    const doctors = (app: typeof env.app) => get(app, '/api/v1/admin/all-doctors', login.body.token);
    expect((await doctors(env.app)).status).toBe(200);
    const newPassword = await env.buildOther({ ADMIN_PASSWORD: 'a-new-admin-password-2' });
    const newEmail = await env.buildOther({ ADMIN_EMAIL: 'new-admin@carebook.test' });
    for (const other of [newPassword, newEmail]) {
      const refused = await doctors(other);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(MESSAGES.adminOnly);
    }
    const fresh = await post<{ token: string }>(newPassword, '/api/v1/admin/login', { email: ADMIN.email, password: 'a-new-admin-password-2' });
    expect(fresh.status).toBe(200);
    expect((await get(newPassword, '/api/v1/admin/all-doctors', fresh.body.token)).status).toBe(200);
    expect((await get(env.app, '/api/v1/admin/all-doctors', fresh.body.token)).status).toBe(401);
  });

  it('keeps admin and patient tokens apart in both directions', async () => {
    const adminCalls: Array<[string, object | undefined]> = [
      ['/api/v1/admin/all-doctors', undefined],
      ['/api/v1/admin/appointments', undefined],
      ['/api/v1/admin/change-availability', { docId: 'doc01' }],
      ['/api/v1/admin/appointment-paid', { appointmentId: ids.saturday }],
      ['/api/v1/admin/appointment-complete', { appointmentId: ids.saturday }],
      ['/api/v1/admin/appointment-cancel', { appointmentId: ids.saturday }],
      ['/api/v1/admin/add-doctor', { name: 'Dr. Not Allowed', speciality: 'Dermatologist', fees: 10 }],
    ];
    for (const [url, body] of adminCalls) {
      const res = body ? await post(env.app, url, body, patient) : await get(env.app, url, patient);
      expect([url, res.status, res.body]).toEqual([url, 401, { success: false, message: MESSAGES.adminOnly, code: 'adminOnly' }]);
    }
    const saturday = (await list('?docId=doc01&status=upcoming')).body.appointments[0];
    expect(saturday).toMatchObject({ _id: ids.saturday, payment: false, cancelled: false, isCompleted: false });

    for (const url of ['/api/v1/user/get-profile', '/api/v1/user/appointments']) {
      const res = await get(env.app, url, admin);
      expect([url, res.status, res.body]).toEqual([url, 401, { success: false, message: MESSAGES.notLoggedIn, code: 'notLoggedIn' }]);
    }
    const booking = await post(env.app, '/api/v1/user/book-appointment', { docId: 'doc04', slotDate: '27_11_2026', slotTime: '12:00' }, admin);
    expect(booking.status).toBe(401);
  });

  it('shows availability changes and admin cancellations in the public doctor list at once', async () => {
    const publicDoctor = async (id: string): Promise<Doctor | undefined> =>
      (await get<{ doctors: Doctor[] }>(env.app, '/api/v1/doctor/all-doctors')).body.doctors.find((d) => d._id === id);
    expect((await publicDoctor('doc03'))?.slots_booked).toEqual({ '30_11_2026': ['10:00'] });
    await post(env.app, '/api/v1/admin/change-availability', { docId: 'doc03' }, admin);
    expect((await publicDoctor('doc03'))?.available).toBe(false);
    await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: ids.monday }, admin);
    expect((await publicDoctor('doc03'))?.slots_booked).toEqual({});
    await post(env.app, '/api/v1/admin/change-availability', { docId: 'doc03' }, admin);
    expect((await publicDoctor('doc03'))?.available).toBe(true);
  });
});

afterAll(() => stopTestCluster());
