import type { Doctor } from '@carebook/shared';
import { get, multipart, post, postForm, type Reply } from '../../testing/api/http';
import { adminToken, bookSlot, doctor } from '../../testing/api/patient-calls';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv, type TestEnv } from '../../testing/api/test-app';
import { verifyAudit } from './services/audit';

jest.setTimeout(120_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin; a visit on Thursday 26 Nov.
const THURSDAY = '26_11_2026';

/**
 * A failure injected after the change and before its commit: a trigger refuses the audit entry of
 * the listed actions. The entry is the last statement of the change's transaction, so if the
 * entry is written in that transaction, the change is rolled back with it; an entry appended
 * after the commit (in a transaction of its own) would leave the change without its entry.
 */
const FAILURE_SQL = `
  CREATE TABLE test_failing_audit (action text PRIMARY KEY);
  CREATE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM test_failing_audit WHERE action = NEW.action) THEN
      RAISE EXCEPTION 'injected failure before the commit of %', NEW.action;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_audit();`;

afterAll(() => stopTestCluster());

describe.each(DRIVERS)('audited changes write their entry in their own transaction, on %s', (driver) => {
  const env = useTestEnv(driver);
  let counter = 0;

  beforeAll(async () => {
    await env.db.exec(FAILURE_SQL);
  });

  const entries = async (action: string, targetId?: string): Promise<number> =>
    (
      await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR target_id = $2)', [
        action,
        targetId ?? null,
      ])
    )[0]?.n ?? -1;

  /**
   * Runs `change` once with its entry refused (500, and `unchanged` must still hold, with no entry),
   * then again with the entry allowed (success, and exactly one more entry).
   */
  async function failsWhole<T>(env: TestEnv, action: string, change: () => Promise<Reply<T>>, unchanged: () => Promise<void>): Promise<Reply<T>> {
    const before = await entries(action);
    await env.db.query('INSERT INTO test_failing_audit (action) VALUES ($1)', [action]);
    try {
      const failed = await change();
      expect(failed.status).toBe(500);
      await unchanged();
      expect(await entries(action)).toBe(before);
    } finally {
      await env.db.query('DELETE FROM test_failing_audit WHERE action = $1', [action]);
    }
    const done = await change();
    expect(done.status).toBeLessThan(300);
    expect(await entries(action)).toBe(before + 1);
    return done;
  }

  async function patient(): Promise<{ email: string; token: string }> {
    counter += 1;
    const email = `in-tx-${driver}-${counter}@example.com`;
    const res = await post<{ token: string }>(env.app, '/api/v1/user/register', { name: 'Tx Patient', email, password: 'secret1' });
    expect(res.status).toBe(201);
    return { email, token: res.body.token };
  }

  const login = (email: string, password = 'secret1') => post<{ token: string }>(env.app, '/api/v1/user/login', { email, password });
  const profile = (token: string) => get<{ user: { name: string } }>(env.app, '/api/v1/user/get-profile', token);

  it("a doctor's edit, availability, hours/time off and a new doctor: no change without its entry", async () => {
    const admin = await adminToken(env);
    const fees = (await doctor(env, 'doc03')).fees;
    await failsWhole(
      env,
      'doctor.update',
      () => postForm(env.app, '/api/v1/admin/update-doctor', multipart({ docId: 'doc03', fees: String(fees + 25) }), admin),
      async () => expect((await doctor(env, 'doc03')).fees).toBe(fees),
    );
    expect((await doctor(env, 'doc03')).fees).toBe(fees + 25);

    const available = (await doctor(env, 'doc04')).available;
    await failsWhole(
      env,
      'doctor.availability',
      () => post(env.app, '/api/v1/admin/change-availability', { docId: 'doc04' }, admin),
      async () => expect((await doctor(env, 'doc04')).available).toBe(available),
    );
    expect((await doctor(env, 'doc04')).available).toBe(!available);

    // Time off over a booked visit: the schedule, the held reminder and the patient's email are
    // all part of the change, and all rolled back with its entry.
    const booked = await patient();
    const appointmentId = await bookSlot(env, booked.token, 'doc01', THURSDAY, '11:00');
    const { schedule } = await doctor(env, 'doc01');
    if (!schedule) throw new Error('doc01 has no schedule');
    const away = { docId: 'doc01', weekly: schedule.weekly, timeOff: [...schedule.timeOff, { from: '2026-11-26', to: '2026-11-26' }] };
    const saved = await failsWhole(
      env,
      'doctor.schedule',
      () => post<{ conflicts: Array<{ _id: string }> }>(env.app, '/api/v1/admin/doctor-schedule', away, admin),
      async () => {
        expect((await doctor(env, 'doc01')).schedule).toEqual(schedule);
        const [row] = await env.db.query<{ stranded_held: boolean }>('SELECT stranded_held FROM appointments WHERE id = $1', [appointmentId]);
        expect(row?.stranded_held).toBe(false);
        expect(await env.db.query(`SELECT 1 FROM mail_outbox WHERE kind = 'stranded' AND appointment_id = $1`, [appointmentId])).toEqual([]);
      },
    );
    expect(saved.body.conflicts.map((a) => a._id)).toEqual([appointmentId]);
    expect(await env.db.query(`SELECT 1 FROM mail_outbox WHERE kind = 'stranded' AND appointment_id = $1`, [appointmentId])).toHaveLength(1);

    const count = async () => (await get<{ doctors: Doctor[] }>(env.app, '/api/v1/admin/all-doctors', admin)).body.doctors.length;
    const doctorsBefore = await count();
    await failsWhole(
      env,
      'doctor.add',
      () => post(env.app, '/api/v1/admin/add-doctor', { name: `Dr. Tx ${driver}`, speciality: 'Neurologist', fees: 40 }, admin),
      async () => expect(await count()).toBe(doctorsBefore),
    );
    expect(await count()).toBe(doctorsBefore + 1);
  });

  it("a patient's registration, login, profile, logout, other devices and password: no change without its entry", async () => {
    counter += 1;
    const email = `in-tx-${driver}-register-${counter}@example.com`;
    const register = () => post(env.app, '/api/v1/user/register', { name: 'New Tx Patient', email, password: 'secret1' });
    await failsWhole(env, 'auth.register', register, async () => expect((await login(email)).status).toBe(401));

    const sessionsOf = async (): Promise<number> =>
      (
        await env.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.revoked_at IS NULL',
          [email],
        )
      )[0]?.n ?? -1;
    const open = await sessionsOf();
    const loggedIn = await failsWhole(env, 'auth.login', () => login(email), async () => expect(await sessionsOf()).toBe(open));
    const { token } = loggedIn.body;

    await failsWhole(
      env,
      'account.profile-update',
      () => postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'Renamed Tx Patient' }), token),
      async () => expect((await profile(token)).body.user.name).toBe('New Tx Patient'),
    );
    expect((await profile(token)).body.user.name).toBe('Renamed Tx Patient');

    const other = (await login(email)).body.token;
    await failsWhole(
      env,
      'session.revoke-others',
      () => post(env.app, '/api/v1/user/revoke-other-sessions', {}, token),
      async () => expect((await profile(other)).status).toBe(200),
    );
    expect((await profile(other)).status).toBe(401);

    const phone = (await login(email)).body.token;
    await failsWhole(
      env,
      'account.password-change',
      () => post(env.app, '/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'better-secret' }, token),
      async () => {
        expect((await login(email, 'better-secret')).status).toBe(401);
        expect((await profile(phone)).status).toBe(200);
      },
    );
    expect((await profile(phone)).status).toBe(401);
    expect((await login(email, 'better-secret')).status).toBe(200);

    await failsWhole(
      env,
      'auth.logout',
      () => post(env.app, '/api/v1/user/logout', {}, token),
      async () => expect((await profile(token)).status).toBe(200),
    );
    expect((await profile(token)).status).toBe(401);
  });

  it("staff ending a patient's sessions, and the admin's own login: no change without its entry", async () => {
    const someone = await patient();
    const [user] = await env.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [someone.email]);
    const admin = await adminToken(env);
    await failsWhole(
      env,
      'session.revoke-by-staff',
      () => post(env.app, '/api/v1/admin/revoke-patient-sessions', { userId: user?.id }, admin),
      async () => expect((await profile(someone.token)).status).toBe(200),
    );
    expect((await profile(someone.token)).status).toBe(401);

    const adminSessions = async (): Promise<number> =>
      (await env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE role = 'admin'`))[0]?.n ?? -1;
    const sessions = await adminSessions();
    await failsWhole(
      env,
      'auth.admin-login',
      () => post(env.app, '/api/v1/admin/login', ADMIN),
      async () => expect(await adminSessions()).toBe(sessions),
    );
  });

  it('leaves the chain intact with every appointment change accounted for', async () => {
    const result = await verifyAudit(env.db);
    expect(result.problems).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(result.entries).toBeGreaterThan(20);
  });
});
