import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { type Appointment, type Doctor, MESSAGES, SPECIALIZATIONS, type UserProfile } from '@carebook/shared';
import { buildApp } from './app';
import type { Db } from './db/db';
import { get, multipart, PNG_BYTES, post, postForm } from './test-support/http';
import { ADMIN, createTestEnv, type Driver, PUBLIC_URL, stopTestCluster, type TestEnv } from './test-support/test-app';

jest.setTimeout(60_000);

type DoctorsBody = { doctors: Doctor[] };
type AppointmentsBody = { appointments: Appointment[] };

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin. 10:30 today is the first bookable start.
const TODAY = '24_11_2026';

let counter = 0;
async function registerPatient(env: TestEnv, name = 'Test Patient'): Promise<string> {
  counter += 1;
  const res = await post<{ token: string }>(env.app, '/api/v1/user/register', {
    name,
    email: `patient${counter}@example.com`,
    password: 'secret1',
  });
  expect(res.status).toBe(201);
  return res.body.token;
}

async function adminToken(env: TestEnv): Promise<string> {
  const res = await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN);
  expect(res.status).toBe(200);
  return res.body.token;
}

async function book(env: TestEnv, token: string, docId: string, slotDate: string, slotTime: string) {
  return post(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
}

async function doctors(env: TestEnv): Promise<Doctor[]> {
  return (await get<DoctorsBody>(env.app, '/api/v1/doctor/all-doctors')).body.doctors;
}

describe.each<Driver>(['pglite', 'postgres'])('API on %s', (driver) => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  describe('health, clinic, static files, errors', () => {
    it('answers /health and the clinic time zone', async () => {
      const health = await get(env.app, '/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ success: true, database: driver });
      const clinic = await get(env.app, '/api/v1/clinic');
      expect(clinic.body).toEqual({ success: true, clinic: { timeZone: 'Europe/Berlin' } });
    });

    it('serves doctor photos with their type and long caching', async () => {
      const res = await env.app.inject({ method: 'GET', url: '/static/doctors/doc01.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.body.length).toBeLessThan(8 * 1024);
    });

    it('answers unknown routes with a JSON 404', async () => {
      const res = await get(env.app, '/api/v1/nope');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MESSAGES.notFound });
    });

    it('refuses malformed JSON (400), oversize bodies (413) and other media types (415)', async () => {
      const bad = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: MESSAGES.badRequest });

      const big = await post(env.app, '/api/v1/user/login', { email: 'a@b.co', password: 'x'.repeat(200_000) });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: MESSAGES.requestTooLarge });

      const text = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().success).toBe(false);
    });

    it('allows CORS only from the configured origins', async () => {
      const allowed = await env.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/user/login',
        headers: { origin: 'http://localhost:3003', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3003');
      const denied = await env.app.inject({
        method: 'GET',
        url: '/api/v1/doctor/all-doctors',
        headers: { origin: 'http://evil.example' },
      });
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('GET /api/v1/doctor/all-doctors', () => {
    it('lists the seeded doctors with the fields the site reads, and nothing private', async () => {
      const res = await get<DoctorsBody>(env.app, '/api/v1/doctor/all-doctors');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const list = res.body.doctors;
      expect(list.length).toBeGreaterThanOrEqual(15);
      const first = list[0] as Doctor;
      expect(first).toMatchObject({ _id: 'doc01', available: true, fees: expect.any(Number), slots_booked: {} });
      expect(first.experience).toBeTruthy();
      expect(first.location).toBeTruthy();
      expect(first.image).toBe(`${PUBLIC_URL}/static/doctors/doc01.svg`);
      for (const d of list) {
        expect(d.fee).toBe(d.fees);
        expect(d.address).toEqual({ line1: expect.any(String), line2: expect.any(String) });
        expect(Object.keys(d)).not.toEqual(expect.arrayContaining(['email']));
        expect(JSON.stringify(d)).not.toMatch(/password/i);
      }
      const counts = new Map<string, number>();
      for (const d of list) counts.set(d.specialization, (counts.get(d.specialization) ?? 0) + 1);
      for (const s of SPECIALIZATIONS) expect(counts.get(s)).toBeGreaterThan(0);
      expect([...counts.values()].filter((n) => n === 1)).toHaveLength(1);
      expect(list.filter((d) => !d.available).map((d) => d._id)).toEqual(['doc09']);
      expect(list.some((d) => !d.experience)).toBe(true);
      expect(list.some((d) => !d.location)).toBe(true);
    });
  });

  describe('register and login', () => {
    it('registers, normalising the email, and logs in with either case', async () => {
      const reg = await post<{ token: string }>(env.app, '/api/v1/user/register', {
        name: '  Ana Lopez ',
        email: '  Ana.Lopez@Example.COM ',
        password: 'secret1',
      });
      expect(reg.status).toBe(201);
      expect(reg.body).toEqual({ success: true, token: expect.any(String), message: MESSAGES.registered });
      const login = await post<{ token: string }>(env.app, '/api/v1/user/login', {
        email: 'ana.lopez@example.com',
        password: 'secret1',
      });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ success: true, token: expect.any(String), message: MESSAGES.loggedIn });
      const profile = await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', login.body.token);
      expect(profile.body.user).toMatchObject({ name: 'Ana Lopez', email: 'ana.lopez@example.com' });
      expect(JSON.stringify(profile.body)).not.toMatch(/password|argon/i);
    });

    it('refuses a taken email whatever its case (409)', async () => {
      await post(env.app, '/api/v1/user/register', { name: 'Ben', email: 'ben@example.com', password: 'secret1' });
      const again = await post(env.app, '/api/v1/user/register', { name: 'Ben 2', email: 'BEN@example.com', password: 'secret2' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: MESSAGES.emailTaken });
    });

    it.each([
      [{ name: 'A', email: 'a@example.com', password: 'secret1' }, MESSAGES.invalidName],
      [{ name: 'Ann', email: 'not-an-email', password: 'secret1' }, MESSAGES.invalidEmail],
      [{ name: 'Ann', email: 'ann@example.com', password: '12345' }, MESSAGES.shortPassword],
      [{ name: 'Ann', email: 'ann@example.com', password: 'x'.repeat(129) }, MESSAGES.longPassword],
      [{}, MESSAGES.invalidName],
    ])('refuses registration %j with the shared message', async (payload, message) => {
      const res = await post(env.app, '/api/v1/user/register', payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('gives one message for a wrong password and an unknown email (401)', async () => {
      await post(env.app, '/api/v1/user/register', { name: 'Cleo', email: 'cleo@example.com', password: 'secret1' });
      const wrong = await post(env.app, '/api/v1/user/login', { email: 'cleo@example.com', password: 'secret2' });
      const unknown = await post(env.app, '/api/v1/user/login', { email: 'nobody@example.com', password: 'secret1' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: MESSAGES.wrongCredentials });
      }
      const invalid = await post(env.app, '/api/v1/user/login', { email: 'cleo', password: 'secret1' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe(MESSAGES.invalidEmail);
    });

    it('rate limits login and register per IP with 429 and Retry-After', async () => {
      const limited = await env.buildOther({ RATE_LIMIT_AUTH_MAX: '2' });
      for (let i = 0; i < 2; i += 1) {
        expect((await post(limited, '/api/v1/user/login', { email: 'x@example.com', password: 'secret1' })).status).toBe(401);
      }
      const refused = await post(limited, '/api/v1/user/login', { email: 'x@example.com', password: 'secret1' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 2; i += 1) await post(limited, '/api/v1/user/register', {});
      expect((await post(limited, '/api/v1/user/register', {})).status).toBe(429);
    });
  });

  describe('tokens', () => {
    it('accepts Authorization: Bearer and the token header', async () => {
      const token = await registerPatient(env);
      expect((await get(env.app, '/api/v1/user/get-profile', token)).status).toBe(200);
      const viaHeader = await env.app.inject({ method: 'GET', url: '/api/v1/user/get-profile', headers: { token } });
      expect(viaHeader.statusCode).toBe(200);
    });

    it('answers 401 with one message for a missing, forged, expired or admin token', async () => {
      const key = new TextEncoder().encode(env.config.jwtSecret);
      const expired = await new SignJWT({ role: 'patient' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('someone')
        .setIssuer('carebook-api')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      const forged = await new SignJWT({ role: 'patient' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('someone')
        .setIssuer('carebook-api')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      for (const token of [undefined, 'garbage', expired, forged, await adminToken(env)]) {
        for (const url of ['/api/v1/user/get-profile', '/api/v1/user/appointments']) {
          const res = await get(env.app, url, token);
          expect(res.status).toBe(401);
          expect(res.body).toEqual({ success: false, message: MESSAGES.notLoggedIn });
        }
      }
      const booking = await post(env.app, '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: TODAY, slotTime: '15:00' });
      expect(booking.status).toBe(401);
      const cancel = await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: 'x' });
      expect(cancel.status).toBe(401);
      const update = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'X Y' }));
      expect(update.status).toBe(401);
    });
  });

  describe('profile', () => {
    it('returns the profile with empty defaults', async () => {
      const token = await registerPatient(env, 'Dora Diaz');
      const res = await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token);
      expect(res.status).toBe(200);
      expect(res.body.user).toEqual({
        _id: expect.any(String),
        name: 'Dora Diaz',
        email: expect.stringMatching(/@example\.com$/),
        phone: '',
        image: '',
        address: { line1: '', line2: '' },
        gender: '',
        dob: '',
      });
    });

    it('updates from the multipart form, photo included, and serves the photo safely', async () => {
      const token = await registerPatient(env);
      const before = (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;
      const form = multipart(
        {
          name: 'Eve Evans',
          phone: '+49 30 1234567',
          email: 'changed@example.com',
          address: JSON.stringify({ line1: '1 Main St', line2: 'Berlin' }),
          dob: '1990-02-28',
          gender: 'Female',
        },
        { filename: 'me.txt', type: 'text/plain', bytes: PNG_BYTES },
      );
      const res = await postForm(env.app, '/api/v1/user/update-profile', form, token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.profileUpdated });
      const user = (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;
      expect(user).toMatchObject({
        name: 'Eve Evans',
        email: before.email, // email is the login: not changed by this form
        phone: '+49 30 1234567',
        address: { line1: '1 Main St', line2: 'Berlin' },
        dob: '1990-02-28',
        gender: 'Female',
      });
      expect(user.image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f]{32}\\.png$`));
      const photo = await env.app.inject({ method: 'GET', url: user.image.slice(PUBLIC_URL.length) });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.rawPayload.equals(PNG_BYTES)).toBe(true);
    });

    it.each([
      ['an unknown gender', { gender: 'Robot' }, 400, MESSAGES.invalidGender],
      ['a future birth date', { dob: '2030-01-01' }, 400, MESSAGES.invalidDob],
      ['an impossible birth date', { dob: '1990-02-30' }, 400, MESSAGES.invalidDob],
      ['address that is not JSON', { address: 'Main street' }, 400, MESSAGES.invalidAddress],
      ['a too long address line', { address: JSON.stringify({ line1: 'x'.repeat(201), line2: '' }) }, 400, MESSAGES.longAddress],
      ['a short name', { name: 'A' }, 400, MESSAGES.invalidName],
      ['a bad phone', { phone: 'call me' }, 400, MESSAGES.invalidPhone],
    ])('refuses %s and changes nothing', async (_label, fields, status, message) => {
      const token = await registerPatient(env, 'Finn Fox');
      const before = (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;
      const res = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'Changed Name', phone: '', ...fields }), token);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, message });
      expect((await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user).toEqual(before);
    });

    it('refuses a photo that is not an image (415) or over 5 MB (413), changing nothing', async () => {
      const token = await registerPatient(env, 'Gus Green');
      const before = (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;
      const fake = multipart({ name: 'New Name' }, { filename: 'x.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') });
      const notImage = await postForm(env.app, '/api/v1/user/update-profile', fake, token);
      expect(notImage.status).toBe(415);
      expect(notImage.body).toEqual({ success: false, message: MESSAGES.invalidImage });
      const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
      const big = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'New Name' }, { filename: 'x.png', type: 'image/png', bytes: huge }), token);
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: MESSAGES.imageTooLarge });
      expect((await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user).toEqual(before);
    });
  });

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
      expect(second.body).toEqual({ success: false, message: MESSAGES.slotTaken });
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
      ['a time after the last slot', 'doc01', TODAY, '21:00', 400, MESSAGES.slotInvalidTime],
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
      expect(res.body).toEqual({ success: false, message });
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
      expect(again.body).toEqual({ success: false, message: MESSAGES.alreadyCancelled });

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
        expect(res.body).toEqual({ success: false, message: MESSAGES.appointmentNotFound });
      }
      const mine = (await get<AppointmentsBody>(env.app, '/api/v1/user/appointments', owner)).body.appointments;
      expect(mine[0]?.cancelled).toBe(false);
      expect((await post(env.app, '/api/v1/user/cancel-appointment', {}, intruder)).status).toBe(400);
    });
  });

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
        expect(res.body).toEqual({ success: false, message: MESSAGES.adminOnly });
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
      expect(after?.image).toMatch(/\/uploads\/[0-9a-f]{32}\.png$/);

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

describe('server errors', () => {
  it('answers 500 with a generic message and no detail', async () => {
    const failing: Db = {
      driver: 'pglite',
      query: async () => {
        throw new Error('relation "secret_table" does not exist');
      },
      exec: async () => {},
      transaction: async () => {
        throw new Error('boom');
      },
      listen: async () => async () => {},
      close: async () => {},
    };
    const { loadConfig } = await import('./config');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-failing-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    const app = await buildApp({ db: failing, config, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/v1/doctor/all-doctors' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.somethingWentWrong });
    expect(res.body).not.toContain('secret_table');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

afterAll(() => stopTestCluster());
