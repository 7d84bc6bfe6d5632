import { MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { registerPatient } from '../../../testing/api/patients';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);
afterAll(() => stopTestCluster());

describe.each(DRIVERS)('reply headers on %s', (driver) => {
  const env = useTestEnv(driver);

  it('sends nosniff on every kind of reply', async () => {
    const { token } = await registerPatient(env.app);
    const replies = await Promise.all([
      get(env.app, '/health'),
      get(env.app, '/api/v1/doctor/all-doctors'),
      get(env.app, '/api/v1/user/get-profile', token),
      get(env.app, '/api/v1/nope'),
      post(env.app, '/api/v1/user/login', { email: 'nobody@example.com', password: 'wrong-password' }),
      env.app.inject({ method: 'GET', url: '/static/doctors/doc01.svg' }).then((res) => ({ status: res.statusCode, headers: res.headers })),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 404, 401, 200]);
    for (const reply of replies) expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks replies carrying personal data or a token no-store, and leaves public ones cacheable', async () => {
    const { token } = await registerPatient(env.app);
    const personal = await Promise.all([
      post(env.app, '/api/v1/user/register', { name: 'Store Nothing', email: `nostore-${Date.now()}@example.com`, password: 'secret1' }),
      get(env.app, '/api/v1/user/get-profile', token),
      get(env.app, '/api/v1/user/appointments', token),
      get(env.app, '/api/v1/user/get-profile'),
      post(env.app, '/api/v1/admin/login', ADMIN),
    ]);
    expect(personal.map((reply) => reply.status)).toEqual([201, 200, 200, 401, 200]);
    for (const reply of personal) expect(reply.headers['cache-control']).toBe('no-store');
    const admin = personal[4]?.body.token as string;
    const adminList = await get(env.app, '/api/v1/admin/appointments', admin);
    expect(adminList.status).toBe(200);
    expect(adminList.headers['cache-control']).toBe('no-store');

    const doctors = await get(env.app, '/api/v1/doctor/all-doctors');
    expect(doctors.headers['cache-control']).toBe('no-cache');
  });

  it('answers a rate-limited call 429 in the product shape with Retry-After', async () => {
    const limited = await env.buildOther({ RATE_LIMIT_AUTH_MAX: '1' });
    try {
      // An address of its own: on PostgreSQL every app on the database counts against one budget.
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          remoteAddress: '10.7.0.2',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        });
      expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: MESSAGES.tooManyAttempts, code: 'tooManyAttempts' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await limited.close();
    }
  });

  it('answers requests that arrive while closing 503 in the product shape with Retry-After', async () => {
    const closing = await env.buildOther({});
    await closing.ready();
    const shutdown = closing.shutdownGracefully(200);
    const refused = await get(closing, '/api/v1/doctor/all-doctors');
    await shutdown;
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.serviceClosing, code: 'serviceClosing' });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
  });
});
