import { MESSAGES } from '@carebook/shared';
import { get, multipart, post, postForm } from '../../../testing/api/http';
import { adminToken, bookSlot } from '../../../testing/api/patient-calls';
import { ADMIN, DRIVERS, stopTestCluster, useTestEnv, type TestEnv } from '../../../testing/api/test-app';
import { verifyAudit } from './audit';

jest.setTimeout(90_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin.
const TODAY = '24_11_2026';

interface Entry {
  seq: number;
  at: string;
  actor: { role: string; id: string; name: string | null };
  ip: string;
  requestId: string;
  action: string;
  target: { type: string; id: string };
  patient: { id: string; name: string | null } | null;
  doctor: { id: string; name: string | null } | null;
  appointmentId: string | null;
  changes: Record<string, unknown>;
}

async function readTrail(env: TestEnv, query: string, token?: string): Promise<{ entries: Entry[]; nextBefore: number | null }> {
  const res = await get<{ entries: Entry[]; nextBefore: number | null }>(env.app, `/api/v1/admin/audit?${query}`, token ?? (await adminToken(env)));
  if (res.status !== 200) throw new Error(`audit read failed: ${res.status} ${res.body.message}`);
  return res.body;
}

describe.each(DRIVERS)('audit trail on %s', (driver) => {
  const env = useTestEnv(driver);
  const email = `audited-${driver}@example.com`;
  let patientId = '';
  let token = '';
  const secrets: string[] = ['secret1', 'new-secret-2', ADMIN.password];

  beforeAll(async () => {
    const registered = await post<{ token: string }>(env.app, '/api/v1/user/register', { name: 'Audited Patient', email, password: 'secret1' });
    secrets.push(registered.body.token);
    await post(env.app, '/api/v1/user/login', { email, password: 'wrong-password' });
    const login = await post<{ token: string }>(env.app, '/api/v1/user/login', { email, password: 'secret1' });
    token = login.body.token;
    secrets.push(token);
    patientId = (await get<{ user: { _id: string } }>(env.app, '/api/v1/user/get-profile', token)).body.user._id;
  });

  it('records a booking, a move and a cancellation by the patient, with who, what, when and the request id', async () => {
    const appointmentId = await bookSlot(env, token, 'doc01', TODAY, '15:00');
    await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId, slotDate: TODAY, slotTime: '16:00' }, token);
    await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, token);
    const { entries } = await readTrail(env, `appointmentId=${appointmentId}`);
    expect(entries.map((e) => e.action)).toEqual(['appointment.cancel', 'appointment.reschedule', 'appointment.book']);
    for (const entry of entries) {
      expect(entry.actor).toEqual({ role: 'patient', id: patientId, name: 'Audited Patient' });
      expect(entry.patient).toEqual({ id: patientId, name: 'Audited Patient' });
      expect(entry.doctor?.id).toBe('doc01');
      expect(entry.at).toBe(env.clock.time.toISOString());
      expect(entry.ip).toBe('127.0.0.1');
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(entries.map((e) => e.requestId)).size).toBe(3);
    const [cancel, move, book] = entries;
    expect(book?.changes).toEqual({ slotDate: TODAY, slotTime: '15:00' });
    expect(move?.changes).toEqual({ slotDate: { from: TODAY, to: TODAY }, slotTime: { from: '15:00', to: '16:00' } });
    expect(cancel?.changes).toEqual({ cancelled: { from: false, to: true }, by: 'patient' });
  });

  it("records the clinic's changes to an appointment and the patient's rating", async () => {
    const admin = await adminToken(env);
    const rated = await bookSlot(env, token, 'doc02', TODAY, '17:00');
    await post(env.app, '/api/v1/admin/appointment-paid', { appointmentId: rated }, admin);
    await post(env.app, '/api/v1/admin/appointment-complete', { appointmentId: rated }, admin);
    expect((await post(env.app, '/api/v1/user/rate-appointment', { appointmentId: rated, rating: 5, comment: 'Kind' }, token)).status).toBe(201);
    const cancelled = await bookSlot(env, token, 'doc02', TODAY, '18:00');
    await post(env.app, '/api/v1/admin/appointment-cancel', { appointmentId: cancelled }, admin);

    const history = (await readTrail(env, `appointmentId=${rated}`)).entries;
    expect(history.map((e) => [e.action, e.actor.role])).toEqual([
      ['appointment.rate', 'patient'],
      ['appointment.complete', 'admin'],
      ['appointment.paid', 'admin'],
      ['appointment.book', 'patient'],
    ]);
    expect(history[0]?.changes).toEqual({ rating: 5, commented: true });
    expect(history[1]).toMatchObject({ actor: { role: 'admin', id: ADMIN.email }, patient: { id: patientId }, doctor: { id: 'doc02' } });
    expect(history[2]?.changes).toEqual({ payment: { from: false, to: true } });
    const clinicCancel = (await readTrail(env, `appointmentId=${cancelled}&action=appointment.cancel`)).entries;
    expect(clinicCancel).toHaveLength(1);
    expect(clinicCancel[0]).toMatchObject({ actor: { role: 'admin', id: ADMIN.email }, changes: { by: 'clinic' }, patient: { id: patientId } });
  });

  it('records logins, failed logins, admin logins, the profile and password changes, never a password or token', async () => {
    await post(env.app, '/api/v1/admin/login', { email: ADMIN.email, password: 'not-the-password' });
    await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'Audited Person', phone: '5551234567' }), token);
    await post(env.app, '/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'new-secret-2' }, token);

    const mine = (await readTrail(env, `patientId=${patientId}&limit=200`)).entries;
    const actions = mine.map((e) => e.action);
    for (const action of ['auth.register', 'auth.login-failed', 'auth.login', 'account.profile-update', 'account.password-change']) {
      expect(actions).toContain(action);
    }
    const failed = mine.find((e) => e.action === 'auth.login-failed');
    expect(failed).toMatchObject({ actor: { role: 'anonymous', id: '' }, ip: '127.0.0.1', changes: { email } });
    const profile = mine.find((e) => e.action === 'account.profile-update');
    expect(profile?.changes).toEqual({ name: { from: 'Audited Patient', to: 'Audited Person' }, phone: { from: '', to: '5551234567' } });

    const adminLogins = (await readTrail(env, 'action=auth.admin-login')).entries;
    expect(adminLogins[0]?.actor).toEqual({ role: 'admin', id: ADMIN.email, name: null });
    const adminFailed = (await readTrail(env, 'action=auth.admin-login-failed')).entries;
    expect(adminFailed[0]).toMatchObject({ actor: { role: 'anonymous' }, changes: { email: ADMIN.email } });

    const everything = JSON.stringify((await readTrail(env, 'limit=200')).entries);
    for (const secret of [...secrets, 'not-the-password', 'wrong-password']) expect(everything).not.toContain(secret);
  });

  it('records every admin change to a doctor (a dry run of hours is not a change)', async () => {
    const admin = await adminToken(env);
    await postForm(env.app, '/api/v1/admin/update-doctor', multipart({ docId: 'doc03', fees: '75', location: 'Floor 2' }), admin);
    await post(env.app, '/api/v1/admin/change-availability', { docId: 'doc03' }, admin);
    const weekly = { mon: [{ start: '09:00', end: '12:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    await post(env.app, '/api/v1/admin/doctor-schedule', { docId: 'doc03', weekly, timeOff: [], dryRun: true }, admin);
    await post(env.app, '/api/v1/admin/doctor-schedule', { docId: 'doc03', weekly, timeOff: [] }, admin);
    const entries = (await readTrail(env, 'docId=doc03')).entries;
    expect(entries.map((e) => e.action)).toEqual(['doctor.schedule', 'doctor.availability', 'doctor.update']);
    expect(entries.shift()?.changes).toEqual({ schedule: { to: { weekly, timeOff: [] } }, conflicts: 0 });
    expect(entries[0]?.changes).toEqual({ available: { from: true, to: false } });
    expect(entries[1]?.changes).toMatchObject({ fees: { to: 75 }, location: { to: 'Floor 2' } });
    expect(Object.keys(entries[1]?.changes ?? {}).sort()).toEqual(['fees', 'location']);
    expect(entries[1]?.doctor?.name).toEqual(expect.any(String));
  });

  it('refuses patient tokens on the audit reads, and records every refused authorization', async () => {
    const before = (await readTrail(env, 'action=auth.refused')).entries.length;
    const res = await get(env.app, '/api/v1/admin/audit', token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.adminOnly, code: 'adminOnly' });
    expect((await get(env.app, '/api/v1/user/appointments')).status).toBe(401);
    const refused = (await readTrail(env, 'action=auth.refused')).entries;
    expect(refused.length).toBe(before + 2);
    expect(refused[1]).toMatchObject({ actor: { role: 'anonymous' }, target: { type: 'route', id: 'GET /api/v1/admin/audit' }, changes: { role: 'admin', reason: 'invalid-token' } });
    expect(refused[0]).toMatchObject({ target: { id: 'GET /api/v1/user/appointments' }, changes: { role: 'patient', reason: 'no-token' } });
  });

  it('filters by day in the clinic calendar and pages backwards', async () => {
    expect((await readTrail(env, 'day=2026-11-24&limit=1')).entries).toHaveLength(1);
    expect((await readTrail(env, 'day=2026-11-25')).entries).toHaveLength(0);
    const first = await readTrail(env, 'limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1]?.seq);
    const second = await readTrail(env, `limit=2&before=${first.nextBefore}`);
    expect(second.entries[0]?.seq).toBe((first.entries[1]?.seq ?? 0) - 1);
    for (const bad of ['day=2026-02-30', 'limit=0', 'limit=500', 'before=x', 'action=a%20b']) {
      const res = await get(env.app, `/api/v1/admin/audit?${bad}`, await adminToken(env));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: MESSAGES.invalidAuditFilter, code: 'invalidAuditFilter' });
    }
  });

  it("refuses the API's own UPDATE, DELETE and TRUNCATE of entries; verify finds the trail intact", async () => {
    await expect(env.db.query("UPDATE audit_log SET actor_id = 'someone-else' WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(env.db.query('DELETE FROM audit_log WHERE seq = 1')).rejects.toThrow(/append-only/);
    await expect(env.db.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    const result = await verifyAudit(env.db);
    expect(result.problems).toEqual([]);
    expect(result.entries).toBeGreaterThan(20);
  });

  it('writes a change and its entry together: no entry, no change; verify names a change without its entry', async () => {
    expect((await verifyAudit(env.db)).missing).toEqual([]);
    // The trail refuses a new entry (as its owner could): the booking is rolled back with it.
    await env.db.exec(`CREATE FUNCTION refuse_audit_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no entries now'; END; $$;
      CREATE TRIGGER refuse_audit_insert BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_insert()`);
    try {
      const refused = await post(env.app, '/api/v1/user/book-appointment', { docId: 'doc02', slotDate: TODAY, slotTime: '19:00' }, token);
      expect(refused.status).toBe(500);
    } finally {
      await env.db.exec('DROP TRIGGER refuse_audit_insert ON audit_log; DROP FUNCTION refuse_audit_insert()');
    }
    expect(await env.db.query(`SELECT id FROM appointments WHERE doctor_id = 'doc02' AND slot_time = '19:00'`)).toEqual([]);

    // A change made behind the API's back (no entry) is named.
    const appointmentId = await bookSlot(env, token, 'doc02', TODAY, '19:00');
    expect((await verifyAudit(env.db)).missing).toEqual([]);
    await env.db.query('UPDATE appointments SET cancelled = true, revision = revision + 1 WHERE id = $1', [appointmentId]);
    expect((await verifyAudit(env.db)).missing).toEqual([
      `appointment ${appointmentId} is cancelled with no entry for its cancellation`,
      `appointment ${appointmentId} was moved 1 time(s) with 0 entries for its moves`,
    ]);
    await env.db.query('UPDATE appointments SET cancelled = false, revision = revision - 1 WHERE id = $1', [appointmentId]);
  });

  it('detects an entry changed or removed by the database owner', async () => {
    const { head } = await verifyAudit(env.db);
    const asOwner = async (sql: string): Promise<void> => {
      await env.db.exec(`ALTER TABLE audit_log DISABLE TRIGGER USER; ${sql}; ALTER TABLE audit_log ENABLE TRIGGER USER`);
    };
    await asOwner("UPDATE audit_log SET actor_id = 'someone-else' WHERE seq = 3");
    expect((await verifyAudit(env.db)).problems).toEqual(['entry 3 was changed after it was written']);
    await asOwner('DELETE FROM audit_log WHERE seq = 5');
    const removed = await verifyAudit(env.db);
    expect(removed.problems).toContain('entries 5 to 5 are missing (removed)');
    expect(removed.problems).toContain('entry 6 does not follow the entry before it (an entry was removed or changed)');
    await asOwner('DELETE FROM audit_log WHERE seq = (SELECT max(seq) FROM audit_log)');
    expect((await verifyAudit(env.db, { expectedHead: head })).problems).toContain(
      'the expected head entry is gone: entries at the end of the trail were removed',
    );
  });
});

afterAll(() => stopTestCluster());
