import path from 'node:path';
import { SLOT_TIMES } from '@carebook/shared';
import type { Db } from './db/db';
import { openPgliteDb } from './db/pglite-db';
import { openPostgresDb } from './db/postgres-db';
import { verifyAudit } from './services/audit';
import { postTo as call, useProcessStorage, wireDay } from '../../testing/api/process-storage';
import { type SpawnedApi, spawnApi } from '../../testing/api/spawn-api';
import { DRIVERS } from '../../testing/api/test-app';

jest.setTimeout(240_000);

const storage = useProcessStorage('audit-crash');

/**
 * kill -9 of the API process once a keyed booking has committed (as seen from the database, when
 * the test can look: on PostgreSQL), before or while it replies; then the same key on a new
 * process. Whatever the moment of the kill, the booking and its audit entry are one transaction:
 * the booking has exactly one `appointment.book` entry, the replay writes none, and verify finds
 * every appointment change in the trail.
 */
describe.each(DRIVERS)('audit entries across a crash on %s', (driver) => {
  it('kill -9 between the commit and the reply, then the same key replayed: the booking has its one entry', async () => {
    const { dir, databaseUrl, env: where } = await storage(driver);
    const env = { ...where, CLINIC_TIME_ZONE: 'UTC' };
    const first = await spawnApi(env);
    const registered = await call(first, '/api/v1/user/register', { name: 'Crash Patient', email: `crash-${driver}@example.com`, password: 'secret1' });
    expect(registered.status).toBe(201);
    const auth = { authorization: `Bearer ${String(registered.body.token)}` };

    // A slot the doctor works (the API has the real clock): the first one a plain booking takes,
    // cancelled again so the keyed booking below can have it.
    let slot: { slotDate: string; slotTime: string } | null = null;
    for (let day = 2; day <= 6 && !slot; day += 1) {
      const candidate = { slotDate: wireDay(day), slotTime: SLOT_TIMES[4] ?? '12:00' };
      const res = await call(first, '/api/v1/user/book-appointment', { docId: 'doc01', ...candidate }, auth);
      if (res.status === 201) {
        expect((await call(first, '/api/v1/user/cancel-appointment', { appointmentId: res.body.appointmentId }, auth)).status).toBe(200);
        slot = candidate;
      }
    }
    expect(slot).not.toBeNull();
    const booking = { docId: 'doc01', ...slot };
    const keyed = { ...auth, 'idempotency-key': `crash-${driver}` };

    const watcher: Db | null = databaseUrl ? openPostgresDb(databaseUrl, { max: 1 }) : null;
    const pending = call(first, '/api/v1/user/book-appointment', booking, keyed).catch(() => null);
    if (watcher) {
      // Kill the moment the booking is visible to another connection: it has committed.
      for (;;) {
        const rows = await watcher.query(`SELECT 1 FROM appointments WHERE NOT cancelled AND slot_date = $1`, [booking.slotDate]);
        if (rows.length > 0) break;
      }
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await pending;
    await watcher?.close();

    // The data folder's lock may still name the dead process for a moment: start again until it starts.
    let second: SpawnedApi | null = null;
    for (let attempt = 0; !second; attempt += 1) {
      try {
        second = await spawnApi(env);
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const replay = await call(second, '/api/v1/user/book-appointment', booking, keyed);
    expect(replay.status).toBe(201);
    const again = await call(second, '/api/v1/user/book-appointment', booking, keyed);
    expect(again.body).toEqual(replay.body);
    expect(await second.stop()).toBe(0);

    const db = databaseUrl ? openPostgresDb(databaseUrl, { max: 1 }) : await openPgliteDb(path.join(dir, 'db'));
    try {
      const live = await db.query<{ id: string }>(`SELECT id FROM appointments WHERE NOT cancelled AND slot_date = $1`, [booking.slotDate]);
      expect(live.map((r) => r.id)).toEqual([replay.body.appointmentId]);
      const entries = await db.query(`SELECT seq FROM audit_log WHERE action = 'appointment.book' AND appointment_id = $1`, [replay.body.appointmentId]);
      expect(entries).toHaveLength(1);
      const verified = await verifyAudit(db);
      expect(verified.problems).toEqual([]);
      expect(verified.missing).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
