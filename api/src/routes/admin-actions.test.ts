import { type Appointment, type Doctor, MESSAGES } from '@carebook/shared';
import { get, multipart, PNG_BYTES, post, postForm } from '../../../testing/api/http';
import { adminToken, allDoctors as doctors, book, registerPatient } from '../../../testing/api/patient-calls';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

type AppointmentsBody = { appointments: Appointment[] };

describe.each(DRIVERS)('admin API on %s', (driver) => {
  const env = useTestEnv(driver);

  describe('admin API', () => {
    it('is off when ADMIN_EMAIL/ADMIN_PASSWORD are unset', async () => {
      const noAdmin = await env.buildOther({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
      expect((await post(noAdmin, '/api/v1/admin/login', ADMIN)).status).toBe(404);
    });

    it('logs in with the admin credential only, and refuses patient tokens', async () => {
      const wrong = await post(env.app, '/api/v1/admin/login', { email: ADMIN.email, password: 'wrong-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(MESSAGES.wrongCredentials);
      const patient = await registerPatient(env);
      for (const token of [undefined, patient]) {
        const res = await get(env.app, '/api/v1/admin/appointments', token);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: MESSAGES.adminOnly, code: 'adminOnly' });
      }
    });

    it('adds and edits a doctor; the public list follows at once', async () => {
      const token = await adminToken(env);
      await doctors(env);
      const added = await post<{ doctor: Doctor }>(
        env.app,
        '/api/v1/admin/add-doctor',
        {
          name: 'Dr. Nora Quist',
          email: 'nora@clinic.test',
          speciality: 'Neurologist',
          degree: 'MD',
          experience: '2 Years',
          about: 'New in the team.',
          fees: 70,
          address: { line1: '1 Test Road', line2: 'Testville' },
        },
        token,
      );
      expect(added.status).toBe(201);
      expect(added.body.message).toBe(MESSAGES.doctorAdded);
      const id = added.body.doctor._id;
      expect((await doctors(env)).find((d) => d._id === id)).toMatchObject({ name: 'Dr. Nora Quist', fees: 70, available: true });
      expect(JSON.stringify(await doctors(env))).not.toContain('nora@clinic.test');

      const edited = await postForm(
        env.app,
        '/api/v1/admin/update-doctor',
        multipart({ docId: id, fees: '95', location: 'East Wing' }, { filename: 'p.png', type: 'image/png', bytes: PNG_BYTES }),
        token,
      );
      expect(edited.status).toBe(200);
      const after = (await doctors(env)).find((d) => d._id === id);
      expect(after).toMatchObject({ fees: 95, fee: 95, location: 'East Wing', specialization: 'Neurologist' });
      expect(after?.image).toMatch(/\/uploads\/[0-9a-f]{32}\.webp$/);

      const bad = await post(env.app, '/api/v1/admin/add-doctor', { name: 'Dr. X Y', speciality: 'Astrologer', fees: 10 }, token);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(MESSAGES.invalidSpecialization);
      const badFee = await post(env.app, '/api/v1/admin/update-doctor', { docId: id, fees: -5 }, token);
      expect(badFee.status).toBe(400);
      expect(badFee.body.message).toBe(MESSAGES.invalidFees);
      const unknown = await post(env.app, '/api/v1/admin/update-doctor', { docId: 'nope', fees: 5 }, token);
      expect(unknown.status).toBe(404);
    });

    it('toggles availability, which booking respects', async () => {
      const token = await adminToken(env);
      const off = await post<{ available: boolean }>(env.app, '/api/v1/admin/change-availability', { docId: 'doc11' }, token);
      expect(off.body).toMatchObject({ success: true, available: false });
      expect((await doctors(env)).find((d) => d._id === 'doc11')?.available).toBe(false);
      const patient = await registerPatient(env);
      expect((await book(env, patient, 'doc11', '27_11_2026', '15:00')).status).toBe(409);
      await post(env.app, '/api/v1/admin/change-availability', { docId: 'doc11' }, token);
      expect((await book(env, patient, 'doc11', '27_11_2026', '15:00')).status).toBe(201);
      expect((await post(env.app, '/api/v1/admin/change-availability', { docId: 'nope' }, token)).status).toBe(404);
    });

    it('lists appointments and marks them paid and completed', async () => {
      const token = await adminToken(env);
      const patient = await registerPatient(env, 'Hana Hill');
      await book(env, patient, 'doc12', '28_11_2026', '19:00');
      const all = await get<{ appointments: Array<Appointment & { userData: { name: string } }> }>(
        env.app,
        '/api/v1/admin/appointments',
        token,
      );
      expect(all.status).toBe(200);
      const appointment = all.body.appointments.find((a) => a.docId === 'doc12' && a.slotDate === '28_11_2026');
      expect(appointment?.userData.name).toBe('Hana Hill');
      const appointmentId = appointment?._id;

      const paid = await post(env.app, '/api/v1/admin/appointment-paid', { appointmentId }, token);
      expect(paid.body).toEqual({ success: true, message: MESSAGES.appointmentPaid });
      const done = await post(env.app, '/api/v1/admin/appointment-complete', { appointmentId }, token);
      expect(done.body).toEqual({ success: true, message: MESSAGES.appointmentCompleted });
      const mine = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', patient)).body.appointments;
      expect(mine[0]).toMatchObject({ payment: true, isCompleted: true, cancelled: false });

      const cancel = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, patient);
      expect(cancel.status).toBe(409);
      expect(cancel.body.message).toBe(MESSAGES.appointmentCompletedCannotCancel);
      expect((await post(env.app, '/api/v1/admin/appointment-paid', { appointmentId: 'nope' }, token)).status).toBe(404);
    });
  });
});

afterAll(() => stopTestCluster());
