import { MESSAGES, type UserProfile } from '@carebook/shared';
import sharp from 'sharp';
import { get, multipart, PNG_BYTES, post, postForm, refusal } from '../../../testing/api/http';
import { registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, PUBLIC_URL, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

describe.each(DRIVERS)('patient accounts API on %s', (driver) => {
  const env = useTestEnv(driver);

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
      expect(again.body).toEqual({ success: false, message: MESSAGES.emailTaken, code: 'emailTaken' });
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
      expect(res.body).toEqual(refusal(message));
    });

    it('gives one message for a wrong password and an unknown email (401)', async () => {
      await post(env.app, '/api/v1/user/register', { name: 'Cleo', email: 'cleo@example.com', password: 'secret1' });
      const wrong = await post(env.app, '/api/v1/user/login', { email: 'cleo@example.com', password: 'secret2' });
      const unknown = await post(env.app, '/api/v1/user/login', { email: 'nobody@example.com', password: 'secret1' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: MESSAGES.wrongCredentials, code: 'wrongCredentials' });
      }
      const invalid = await post(env.app, '/api/v1/user/login', { email: 'cleo', password: 'secret1' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe(MESSAGES.invalidEmail);
    });

    it('rate limits login and register per IP with 429 and Retry-After', async () => {
      const limited = await env.buildOther({ RATE_LIMIT_AUTH_MAX: '2' });
      // An address of its own: on PostgreSQL every app on the database counts against one budget.
      const from = async (url: string, payload: unknown) => {
        const res = await limited.inject({ method: 'POST', url, remoteAddress: '10.7.0.1', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        return { status: res.statusCode, body: res.json() as unknown, headers: res.headers };
      };
      for (let i = 0; i < 2; i += 1) {
        expect((await from('/api/v1/user/login', { email: 'x@example.com', password: 'secret1' })).status).toBe(401);
      }
      const refused = await from('/api/v1/user/login', { email: 'x@example.com', password: 'secret1' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.tooManyAttempts, code: 'tooManyAttempts' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 2; i += 1) await from('/api/v1/user/register', {});
      expect((await from('/api/v1/user/register', {})).status).toBe(429);
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
      // Stored as the widths the screens draw it at (photos.test.ts), WebP: here the 1 × 1 PNG as a 1 × 1 WebP.
      expect(user.image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f]{32}\\.webp$`));
      const photo = await env.app.inject({ method: 'GET', url: user.image.slice(PUBLIC_URL.length) });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
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
      expect(res.body).toEqual(refusal(message));
      expect((await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user).toEqual(before);
    });

    it('refuses a photo that is not an image (415) or over 5 MB (413), changing nothing', async () => {
      const token = await registerPatient(env, 'Gus Green');
      const before = (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;
      const fake = multipart({ name: 'New Name' }, { filename: 'x.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') });
      const notImage = await postForm(env.app, '/api/v1/user/update-profile', fake, token);
      expect(notImage.status).toBe(415);
      expect(notImage.body).toEqual({ success: false, message: MESSAGES.invalidImage, code: 'invalidImage' });
      const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
      const big = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'New Name' }, { filename: 'x.png', type: 'image/png', bytes: huge }), token);
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: MESSAGES.imageTooLarge, code: 'imageTooLarge' });
      expect((await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user).toEqual(before);
    });
  });

});

afterAll(() => stopTestCluster());
