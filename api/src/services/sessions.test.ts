import { decodeJwt, SignJWT } from 'jose';
import { MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminToken, registerPatient } from '../../../testing/api/patient-calls';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';
import { checkSession, findSession, listOpenSessions, revokeSession, revokeUserSessions } from './sessions';

jest.setTimeout(60_000);

const DAY_MS = 86_400_000;

function sessionOf(token: string): { sessionId: string; userId: string } {
  const claims = decodeJwt(token);
  if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw new Error('token without sid');
  return { sessionId: claims.sid, userId: claims.sub };
}

describe.each(DRIVERS)('sessions on %s', (driver) => {
  const env = useTestEnv(driver);
  const profile = (token: string) => get<{ user: { email: string } }>(env.app, '/api/v1/user/get-profile', token);
  const emailOf = async (token: string): Promise<string> => (await profile(token)).body.user.email;
  const withClock = async (time: Date, fn: () => Promise<void>): Promise<void> => {
    const before = env.clock.time;
    env.clock.time = time;
    try {
      await fn();
    } finally {
      env.clock.time = before;
    }
  };

  it('records a session for register, login and admin login, with device, address and times', async () => {
    const registered = await post<{ token: string }>(
      env.app,
      '/api/v1/user/register',
      { name: 'Session Person', email: `sessions-${driver}@example.com`, password: 'secret1' },
    );
    const first = sessionOf(registered.body.token);
    const login = await env.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json', 'user-agent': 'Phone Browser/1.0' },
      payload: JSON.stringify({ email: `sessions-${driver}@example.com`, password: 'secret1' }),
    });
    const second = sessionOf(login.json<{ token: string }>().token);
    expect(second.userId).toBe(first.userId);
    expect(second.sessionId).not.toBe(first.sessionId);

    const stored = await findSession(env.db, second.sessionId);
    expect(stored).toMatchObject({ role: 'patient', userId: first.userId, userAgent: 'Phone Browser/1.0', ip: '127.0.0.1' });
    expect(stored?.createdAt.toISOString()).toBe(env.clock.time.toISOString());
    expect(stored?.expiresAt.getTime()).toBe(env.clock.time.getTime() + 90 * DAY_MS);
    const open = await listOpenSessions(env.db, first.userId, { now: env.clock.time });
    expect(open.map((s) => s.id).sort()).toEqual([first.sessionId, second.sessionId].sort());

    const admin = sessionOf(await adminToken(env));
    expect(admin.userId).toBe(ADMIN.email);
    const adminSession = await findSession(env.db, admin.sessionId);
    expect(adminSession?.role).toBe('admin');
    expect(adminSession?.expiresAt.getTime()).toBe(env.clock.time.getTime() + 12 * 3_600_000);
  });

  it('refuses a revoked session at once, and only that one', async () => {
    const token = await registerPatient(env);
    const { sessionId, userId } = sessionOf(token);
    const other = await post<{ token: string }>(env.app, '/api/v1/user/login', { email: await emailOf(token), password: 'secret1' });
    expect(other.status).toBe(200);
    expect((await profile(token)).status).toBe(200);
    expect(await revokeSession(env.db, sessionId)).toBe(true);
    expect(await revokeSession(env.db, sessionId)).toBe(false);
    const refused = await profile(token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.notLoggedIn, code: 'notLoggedIn' });
    expect((await profile(other.body.token)).status).toBe(200);
    expect((await listOpenSessions(env.db, userId, { now: env.clock.time })).map((s) => s.id)).toEqual([sessionOf(other.body.token).sessionId]);
  });

  it('ends every other session of an account, inside a transaction too', async () => {
    const token = await registerPatient(env);
    const { sessionId, userId } = sessionOf(token);
    const email = await emailOf(token);
    const logins = await Promise.all(
      [1, 2].map(() => post<{ token: string }>(env.app, '/api/v1/user/login', { email, password: 'secret1' })),
    );
    const ended = await env.db.transaction((tx) => revokeUserSessions(tx, userId, { exceptSessionId: sessionId, reason: 'password-change' }));
    expect(ended).toBe(2);
    expect((await profile(token)).status).toBe(200);
    for (const login of logins) expect((await profile(login.body.token)).status).toBe(401);

    const rolledBack = env.db.transaction(async (tx) => {
      await revokeUserSessions(tx, userId);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect((await profile(token)).status).toBe(200);
    expect(await revokeUserSessions(env.db, userId)).toBe(1);
    expect((await profile(token)).status).toBe(401);
  });

  it('ends a session left idle for SESSION_IDLE_DAYS and any session after SESSION_MAX_DAYS', async () => {
    const start = env.clock.time;
    const token = await registerPatient(env);
    await withClock(new Date(start.getTime() + 29 * DAY_MS), async () => {
      expect((await profile(token)).status).toBe(200);
    });
    // Used on day 29: still open on day 58, idle from day 59.
    await withClock(new Date(start.getTime() + 58 * DAY_MS), async () => {
      expect((await profile(token)).status).toBe(200);
    });
    await withClock(new Date(start.getTime() + 87 * DAY_MS), async () => {
      expect((await profile(token)).status).toBe(200);
    });
    await withClock(new Date(start.getTime() + 90 * DAY_MS), async () => {
      expect((await profile(token)).status).toBe(401);
      const check = await checkSession(env.db, { ...sessionOf(token), role: 'patient' }, { policy: { idleDays: 30, maxDays: 90 }, now: () => env.clock.time });
      expect(check).toEqual({ ok: false, reason: 'expired' });
    });

    const idle = await registerPatient(env);
    await withClock(new Date(start.getTime() + 30 * DAY_MS), async () => {
      expect((await profile(idle)).status).toBe(401);
      const check = await checkSession(env.db, { ...sessionOf(idle), role: 'patient' }, { policy: { idleDays: 30, maxDays: 90 }, now: () => env.clock.time });
      expect(check).toEqual({ ok: false, reason: 'idle' });
    });
  });

  it('marks a session used at most once a minute', async () => {
    const start = env.clock.time;
    const token = await registerPatient(env);
    const { sessionId } = sessionOf(token);
    const lastUsed = async (): Promise<number | undefined> => (await findSession(env.db, sessionId))?.lastUsedAt.getTime();
    await withClock(new Date(start.getTime() + 59_000), async () => {
      expect((await profile(token)).status).toBe(200);
    });
    expect(await lastUsed()).toBe(start.getTime());
    await withClock(new Date(start.getTime() + 61_000), async () => {
      expect((await profile(token)).status).toBe(200);
    });
    expect(await lastUsed()).toBe(start.getTime() + 61_000);
  });

  it('refuses tokens without a session, with an unknown one, or naming another account or role', async () => {
    const key = new TextEncoder().encode(env.config.jwtSecret);
    const token = await registerPatient(env);
    const { sessionId, userId } = sessionOf(token);
    const sign = (claims: Record<string, string>, subject: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(subject).setIssuer('carebook-api').setExpirationTime('1h').sign(key);
    const noSession = await sign({ role: 'patient' }, userId);
    const unknown = await sign({ role: 'patient', sid: 'no-such-session' }, userId);
    const otherAccount = await sign({ role: 'patient', sid: sessionId }, 'someone-else');
    for (const forged of [noSession, unknown, otherAccount]) expect((await profile(forged)).status).toBe(401);
    const asAdmin = await sign({ role: 'admin', sid: sessionId }, userId);
    expect((await get(env.app, '/api/v1/admin/appointments', asAdmin)).status).toBe(401);
    expect((await profile(token)).status).toBe(200);
  });

  it('refuses a revoked admin session', async () => {
    const token = await adminToken(env);
    expect((await get(env.app, '/api/v1/admin/appointments', token)).status).toBe(200);
    expect(await revokeUserSessions(env.db, ADMIN.email, { role: 'admin', reason: 'staff' })).toBeGreaterThan(0);
    const refused = await get(env.app, '/api/v1/admin/appointments', token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.adminOnly, code: 'adminOnly' });
  });
});

afterAll(() => stopTestCluster());
