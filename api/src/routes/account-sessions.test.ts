import { decodeJwt } from 'jose';
import { MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminToken } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

interface SessionView {
  id: string;
  current: boolean;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

let counter = 0;

describe.each(DRIVERS)('session control on %s', (driver) => {
  const env = useTestEnv(driver);

  /** A patient logged in on three devices: `phone` (the caller in most tests), `laptop`, `tablet`. */
  async function patientOnThreeDevices(): Promise<{ userId: string; email: string; phone: string; laptop: string; tablet: string }> {
    counter += 1;
    const email = `devices-${driver}-${counter}@example.com`;
    await post(env.app, '/api/v1/user/register', { name: 'Many Devices', email, password: 'secret1' });
    const loginFrom = async (agent: string): Promise<string> => {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json', 'user-agent': agent },
        payload: JSON.stringify({ email, password: 'secret1' }),
      });
      return res.json<{ token: string }>().token;
    };
    const phone = await loginFrom('Phone/1');
    const laptop = await loginFrom('Laptop/2');
    const tablet = await loginFrom('Tablet/3');
    const profile = await get<{ user: { _id: string } }>(env.app, '/api/v1/user/get-profile', phone);
    return { userId: profile.body.user._id, email, phone, laptop, tablet };
  }
  const sessionsOf = async (token: string): Promise<SessionView[]> =>
    (await get<{ sessions: SessionView[] }>(env.app, '/api/v1/user/sessions', token)).body.sessions;
  const works = async (token: string): Promise<boolean> => (await get(env.app, '/api/v1/user/get-profile', token)).status === 200;

  it('lists the open sessions with device, address and times, marking the current one', async () => {
    const { phone } = await patientOnThreeDevices();
    const sessions = await sessionsOf(phone);
    // Register's session plus three logins.
    expect(sessions).toHaveLength(4);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Phone/1']);
    expect(sessions.map((s) => s.userAgent).sort()).toEqual(['Laptop/2', 'Phone/1', 'Tablet/3', 'lightMyRequest']);
    for (const s of sessions) {
      expect(s.ip).toBe('127.0.0.1');
      expect(s.createdAt).toBe(env.clock.time.toISOString());
      expect(new Date(s.expiresAt).getTime() - new Date(s.createdAt).getTime()).toBe(90 * 86_400_000);
    }
  });

  it("logs out one other device, whose token is refused at once, and refuses another account's session", async () => {
    const { phone, laptop, tablet } = await patientOnThreeDevices();
    const laptopId = (await sessionsOf(phone)).find((s) => s.userAgent === 'Laptop/2')?.id;
    const stranger = await patientOnThreeDevices();
    const refused = await post(env.app, '/api/v1/user/revoke-session', { sessionId: laptopId }, stranger.phone);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.sessionNotFound, code: 'sessionNotFound' });
    expect(await works(laptop)).toBe(true);

    const res = await post(env.app, '/api/v1/user/revoke-session', { sessionId: laptopId }, phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.sessionEnded });
    expect(await works(laptop)).toBe(false);
    expect(await works(phone)).toBe(true);
    expect(await works(tablet)).toBe(true);
    expect((await sessionsOf(phone)).map((s) => s.id)).not.toContain(laptopId);
    expect((await post(env.app, '/api/v1/user/revoke-session', { sessionId: laptopId }, phone)).status).toBe(404);
    expect((await post(env.app, '/api/v1/user/revoke-session', { sessionId: 'not a session!' }, phone)).status).toBe(400);
  });

  it('ends the session on logout, for a patient and for the admin', async () => {
    const { phone, laptop } = await patientOnThreeDevices();
    const res = await post(env.app, '/api/v1/user/logout', {}, phone);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    const admin = await adminToken(env);
    expect((await post(env.app, '/api/v1/admin/logout', {}, admin)).status).toBe(200);
    expect((await get(env.app, '/api/v1/admin/sessions', admin)).status).toBe(401);
  });

  it('logs out of all other devices and keeps the current one', async () => {
    const { phone, laptop, tablet } = await patientOnThreeDevices();
    const res = await post(env.app, '/api/v1/user/revoke-other-sessions', {}, phone);
    expect(res.body).toEqual({ success: true, message: MESSAGES.otherSessionsEnded, ended: 3 });
    expect(await works(phone)).toBe(true);
    expect(await works(laptop)).toBe(false);
    expect(await works(tablet)).toBe(false);
    expect((await sessionsOf(phone)).map((s) => s.userAgent)).toEqual(['Phone/1']);
  });

  it('changes the password: the other sessions end, the current one stays, the old password stops working', async () => {
    const { email, phone, laptop } = await patientOnThreeDevices();
    const wrong = await post(env.app, '/api/v1/user/change-password', { currentPassword: 'not-it', newPassword: 'better-secret' }, phone);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: MESSAGES.wrongCurrentPassword, code: 'wrongCurrentPassword' });
    const short = await post(env.app, '/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'abc' }, phone);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.shortPassword);
    const same = await post(env.app, '/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'secret1' }, phone);
    expect(same.body).toEqual({ success: false, message: MESSAGES.samePassword, code: 'samePassword' });
    expect(await works(laptop)).toBe(true);

    const changed = await post(env.app, '/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'better-secret' }, phone);
    expect(changed.body).toEqual({ success: true, message: MESSAGES.passwordChanged, ended: 3 });
    expect(await works(phone)).toBe(true);
    expect(await works(laptop)).toBe(false);
    expect((await post(env.app, '/api/v1/user/login', { email, password: 'secret1' })).status).toBe(401);
    expect((await post(env.app, '/api/v1/user/login', { email, password: 'better-secret' })).status).toBe(200);
  });

  it("lets staff see and end a patient's sessions, and the admin's own", async () => {
    const { userId, phone, laptop, tablet } = await patientOnThreeDevices();
    const admin = await adminToken(env);
    const listed = await get<{ sessions: SessionView[] }>(env.app, `/api/v1/admin/patient-sessions?userId=${userId}`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(4);
    expect(listed.body.sessions.every((s) => !s.current)).toBe(true);
    const tabletId = listed.body.sessions.find((s) => s.userAgent === 'Tablet/3')?.id;

    const one = await post(env.app, '/api/v1/admin/revoke-patient-sessions', { userId, sessionId: tabletId }, admin);
    expect(one.body).toEqual({ success: true, message: MESSAGES.patientSessionsEnded, ended: 1 });
    expect(await works(tablet)).toBe(false);
    expect(await works(phone)).toBe(true);
    const all = await post(env.app, '/api/v1/admin/revoke-patient-sessions', { userId }, admin);
    expect(all.body).toMatchObject({ success: true, ended: 3 });
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(false);
    expect((await post(env.app, '/api/v1/admin/revoke-patient-sessions', { userId: 'nobody' }, admin)).status).toBe(404);

    const second = await adminToken(env);
    const secondId = String(decodeJwt(second).sid);
    const own = await get<{ sessions: SessionView[] }>(env.app, '/api/v1/admin/sessions', admin);
    expect(own.body.sessions.map((s) => s.id)).toContain(secondId);
    expect(own.body.sessions.find((s) => s.id === secondId)?.current).toBe(false);
    const ended = await post(env.app, '/api/v1/admin/revoke-session', { sessionId: secondId }, admin);
    expect(ended.body).toEqual({ success: true, message: MESSAGES.sessionEnded });
    expect((await get(env.app, '/api/v1/admin/sessions', second)).status).toBe(401);
    const mine = (await get<{ sessions: SessionView[] }>(env.app, '/api/v1/admin/sessions', admin)).body.sessions;
    expect(mine.map((s) => s.id)).not.toContain(secondId);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
  });

  it('refuses patient tokens on the staff session calls and admin tokens on the patient ones', async () => {
    const { userId, phone } = await patientOnThreeDevices();
    const admin = await adminToken(env);
    expect((await get(env.app, `/api/v1/admin/patient-sessions?userId=${userId}`, phone)).status).toBe(401);
    expect((await post(env.app, '/api/v1/admin/revoke-patient-sessions', { userId }, phone)).status).toBe(401);
    expect((await get(env.app, '/api/v1/admin/sessions', phone)).status).toBe(401);
    expect((await get(env.app, '/api/v1/user/sessions', admin)).status).toBe(401);
    expect(await works(phone)).toBe(true);
  });
});

afterAll(() => stopTestCluster());
