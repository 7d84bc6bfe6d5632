import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../testing/api/test-app';
import { refusal } from '../../testing/api/http';

jest.setTimeout(90_000);
afterAll(() => stopTestCluster());

interface Call {
  status: number;
  body: { success?: boolean; message?: string; token?: string; appointmentId?: string };
  retryAfter: string | undefined;
}

let counter = 0;

async function call(app: FastifyInstance, url: string, payload: object, options: { token?: string; from?: string; forwardedFor?: string } = {}): Promise<Call> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const res = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload), remoteAddress: options.from ?? '127.0.0.1' });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] as string | undefined };
}

function signUp(app: FastifyInstance, options: { from?: string; forwardedFor?: string } = {}): Promise<Call> {
  counter += 1;
  return call(app, '/api/v1/user/register', { name: 'Limit Patient', email: `limit-${process.pid}-${Date.now()}-${counter}@example.com`, password: 'secret1' }, options);
}

async function patient(app: FastifyInstance, from: string): Promise<string> {
  const res = await signUp(app, { from });
  if (res.status !== 201 || !res.body.token) throw new Error(`sign-up failed: ${res.status}`);
  return res.body.token;
}

/** One book-and-cancel cycle: two booking writes. */
async function cycle(app: FastifyInstance, token: string, from: string): Promise<[Call, Call | null]> {
  const booked = await call(app, '/api/v1/user/book-appointment', { docId: 'doc03', slotDate: '25_11_2026', slotTime: '12:00' }, { token, from });
  if (booked.status !== 201) return [booked, null];
  return [booked, await call(app, '/api/v1/user/cancel-appointment', { appointmentId: booked.body.appointmentId }, { token, from })];
}

function expectRefused(res: Call | null | undefined, message: string): void {
  expect(res?.status).toBe(429);
  expect(res?.body).toEqual(refusal(message));
  expect(Number(res?.retryAfter)).toBeGreaterThan(0);
}

describe.each(DRIVERS)('rate limits on %s', (driver) => {
  const env = useTestEnv(driver);
  const apps: FastifyInstance[] = [];
  const limited = async (settings: Record<string, string>): Promise<FastifyInstance> => {
    const app = await env.buildOther(settings);
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('limits book, reschedule and cancel per account (BOOKING_RATE_MAX a minute), not the next patient', async () => {
    const app = await limited({ BOOKING_RATE_MAX: '4', BOOKING_RATE_MAX_PER_ADDRESS: '1000' });
    const token = await patient(app, '10.0.0.1');
    expect((await cycle(app, token, '10.0.0.1')).map((res) => res?.status)).toEqual([201, 200]);
    expect((await cycle(app, token, '10.0.0.1')).map((res) => res?.status)).toEqual([201, 200]);
    const moved = await call(app, '/api/v1/user/reschedule-appointment', { appointmentId: 'x1', slotDate: '25_11_2026', slotTime: '13:00' }, { token, from: '10.0.0.2' });
    expectRefused(moved, MESSAGES.tooManyBookingChanges);
    const [fifth] = await cycle(app, token, '10.0.0.3');
    expectRefused(fifth, MESSAGES.tooManyBookingChanges);
    const other = await patient(app, '10.0.0.1');
    expect((await cycle(app, other, '10.0.0.1')).map((res) => res?.status)).toEqual([201, 200]);
  });

  it('limits the same calls per address, across accounts (BOOKING_RATE_MAX_PER_ADDRESS)', async () => {
    const app = await limited({ BOOKING_RATE_MAX: '1000', BOOKING_RATE_MAX_PER_ADDRESS: '4' });
    const first = await patient(app, '10.0.1.1');
    const second = await patient(app, '10.0.1.1');
    expect((await cycle(app, first, '10.0.1.1')).map((res) => res?.status)).toEqual([201, 200]);
    expect((await cycle(app, second, '10.0.1.1')).map((res) => res?.status)).toEqual([201, 200]);
    const [refused] = await cycle(app, (await patient(app, '10.0.1.1')), '10.0.1.1');
    expectRefused(refused, MESSAGES.tooManyBookingChanges);
    expect((await cycle(app, first, '10.0.1.2')).map((res) => res?.status)).toEqual([201, 200]);
  });

  it('limits sign-ups per address per hour (SIGNUP_RATE_MAX_PER_HOUR)', async () => {
    const app = await limited({ SIGNUP_RATE_MAX_PER_HOUR: '2' });
    expect((await signUp(app, { from: '10.0.2.1' })).status).toBe(201);
    expect((await signUp(app, { from: '10.0.2.1' })).status).toBe(201);
    const third = await signUp(app, { from: '10.0.2.1' });
    expectRefused(third, MESSAGES.tooManySignups);
    expect(Number(third.retryAfter)).toBeGreaterThan(60);
    expect((await signUp(app, { from: '10.0.2.2' })).status).toBe(201);
  });

  it('limits failed logins per account (LOGIN_FAILURES_MAX) whatever address they come from', async () => {
    const app = await limited({ LOGIN_FAILURES_MAX: '3' });
    counter += 1;
    const email = `guarded-${process.pid}-${counter}@example.com`;
    expect((await call(app, '/api/v1/user/register', { name: 'Guarded', email, password: 'secret1' })).status).toBe(201);
    for (const from of ['10.0.3.1', '10.0.3.2', '10.0.3.3']) {
      expect((await call(app, '/api/v1/user/login', { email, password: 'wrong-guess' }, { from })).status).toBe(401);
    }
    expectRefused(await call(app, '/api/v1/user/login', { email: email.toUpperCase(), password: 'secret1' }, { from: '10.0.3.4' }), MESSAGES.tooManyAttempts);
    const other = await signUp(app, { from: '10.0.3.5' });
    expect(other.status).toBe(201);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: one address, one bucket', async () => {
    const app = await limited({ SIGNUP_RATE_MAX_PER_HOUR: '1' });
    expect((await signUp(app, { from: '10.0.4.1', forwardedFor: '203.0.113.1' })).status).toBe(201);
    expectRefused(await signUp(app, { from: '10.0.4.1', forwardedFor: '203.0.113.2' }), MESSAGES.tooManySignups);
  });

  // Clients of their own per case: on PostgreSQL the counts are the database's, shared by every app on it.
  it.each([
    ['a hop count', '1', '203.0.113'],
    ['the proxy address', '10.0.5.1', '198.51.100'],
  ])(
    'takes the client address from X-Forwarded-For with TRUST_PROXY as %s',
    async (_label, trust, clients) => {
      const app = await limited({ SIGNUP_RATE_MAX_PER_HOUR: '1', TRUST_PROXY: trust });
      expect((await signUp(app, { from: '10.0.5.1', forwardedFor: `${clients}.1` })).status).toBe(201);
      expect((await signUp(app, { from: '10.0.5.1', forwardedFor: `${clients}.2` })).status).toBe(201);
      expectRefused(await signUp(app, { from: '10.0.5.1', forwardedFor: `${clients}.2` }), MESSAGES.tooManySignups);
    },
  );
});
