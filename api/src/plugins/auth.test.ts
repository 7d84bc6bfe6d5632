import { SignJWT } from 'jose';
import { MESSAGES } from '@carebook/shared';
import { get, multipart, post, postForm } from '../../../testing/api/http';
import { adminToken, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin. 10:30 today is the first bookable start.
const TODAY = '24_11_2026';

describe.each(DRIVERS)('patient tokens on %s', (driver) => {
  const env = useTestEnv(driver);

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
          expect(res.body).toEqual({ success: false, message: MESSAGES.notLoggedIn, code: 'notLoggedIn' });
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

});

afterAll(() => stopTestCluster());
