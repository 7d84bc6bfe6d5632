import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateSlotDays, MESSAGES, slotInterval } from '@carebook/shared';
import { SWEEP_BATCH } from './lib/idempotency';
import { get } from '../../testing/api/http';
import { registerPatient } from '../../testing/api/patients';
import { type SpawnedApi, spawnApi } from '../../testing/api/spawn-api';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../testing/api/test-app';

jest.setTimeout(240_000);
afterAll(() => stopTestCluster());

interface Sent {
  status: number;
  body: { success: boolean; message: string; appointmentId?: string };
}

async function send(app: FastifyInstance, url: string, payload: object, token: string, key?: string): Promise<Sent> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
  return { status: res.statusCode, body: res.json() };
}

const BOOK = '/api/v1/user/book-appointment';
let keys = 0;
const newKey = (): string => `key-${process.pid}-${Date.now()}-${(keys += 1)}`;

describe.each(DRIVERS)('Idempotency-Key on %s', (driver) => {
  const env = useTestEnv(driver);
  const live = async (token: string) =>
    ((await get<{ appointments: Array<{ _id: string; slotTime: string; cancelled: boolean }> }>(env.app, '/api/v1/user/appointments', token)).body
      .appointments ?? []).filter((appointment) => !appointment.cancelled);

  it('answers a retried booking with the first reply and books once', async () => {
    const { token } = await registerPatient(env.app);
    const key = newKey();
    const booking = { docId: 'doc02', slotDate: '25_11_2026', slotTime: '14:00' };
    const first = await send(env.app, BOOK, booking, token, key);
    expect(first.status).toBe(201);
    const retry = await send(env.app, BOOK, booking, token, key);
    expect(retry).toEqual(first);
    expect((await live(token)).map((appointment) => appointment._id)).toEqual([first.body.appointmentId]);
    // Without a key the same request is a new one: the patient already holds that time.
    expect((await send(env.app, BOOK, booking, token)).status).toBe(409);
  });

  it('answers the same key with another body 422, changing nothing', async () => {
    const { token } = await registerPatient(env.app);
    const key = newKey();
    expect((await send(env.app, BOOK, { docId: 'doc02', slotDate: '25_11_2026', slotTime: '15:00' }, token, key)).status).toBe(201);
    const other = await send(env.app, BOOK, { docId: 'doc02', slotDate: '25_11_2026', slotTime: '15:30' }, token, key);
    expect(other).toEqual({ status: 422, body: { success: false, message: MESSAGES.idempotencyKeyReused, code: 'idempotencyKeyReused' } });
    expect((await live(token)).map((appointment) => appointment.slotTime)).toEqual(['15:00']);
  });

  it('keeps keys per account: another patient may use the same key', async () => {
    const key = newKey();
    const [first, second] = [await registerPatient(env.app), await registerPatient(env.app)];
    expect((await send(env.app, BOOK, { docId: 'doc04', slotDate: '25_11_2026', slotTime: '16:00' }, first.token, key)).status).toBe(201);
    expect((await send(env.app, BOOK, { docId: 'doc04', slotDate: '25_11_2026', slotTime: '16:30' }, second.token, key)).status).toBe(201);
  });

  it('replays reschedule and cancel too', async () => {
    const { token } = await registerPatient(env.app);
    const booked = await send(env.app, BOOK, { docId: 'doc06', slotDate: '25_11_2026', slotTime: '17:00' }, token, newKey());
    const appointmentId = booked.body.appointmentId as string;
    const moveKey = newKey();
    const move = { appointmentId, slotDate: '25_11_2026', slotTime: '17:30' };
    const moved = await send(env.app, '/api/v1/user/reschedule-appointment', move, token, moveKey);
    expect(moved.status).toBe(200);
    expect(await send(env.app, '/api/v1/user/reschedule-appointment', move, token, moveKey)).toEqual(moved);
    const cancelKey = newKey();
    const cancelled = await send(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, token, cancelKey);
    expect(cancelled.status).toBe(200);
    expect(await send(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, token, cancelKey)).toEqual(cancelled);
    // A new cancel (no key) of the same appointment is refused as before.
    expect((await send(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, token)).status).toBe(409);
  });

  it('refuses a malformed key with 400', async () => {
    const { token } = await registerPatient(env.app);
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const res = await send(env.app, BOOK, { docId: 'doc08', slotDate: '25_11_2026', slotTime: '18:00' }, token, key);
      expect([key.slice(0, 10), res.status, res.body.message]).toEqual([key.slice(0, 10), 400, MESSAGES.invalidIdempotencyKey]);
    }
    expect(await live(token)).toEqual([]);
  });

  it('books once when two app instances on one database get the same retry at the same time', async () => {
    const other = await env.buildOther({});
    const { token } = await registerPatient(env.app);
    const key = newKey();
    const booking = { docId: 'doc10', slotDate: '25_11_2026', slotTime: '19:00' };
    const replies = await Promise.all([
      send(env.app, BOOK, booking, token, key),
      send(other, BOOK, booking, token, key),
      send(env.app, BOOK, booking, token, key),
      send(other, BOOK, booking, token, key),
    ]);
    const booked = replies.filter((reply) => reply.status === 201);
    // Every reply that is not the booking itself is its replay; none is a 409 "already booked".
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(booked.map((reply) => reply.body.appointmentId)).size).toBe(1);
    expect((await live(token)).length).toBe(1);
  });

  it('deletes keys older than 24 hours, at most a batch per keyed write, and keeps younger ones', async () => {
    const expired = async (): Promise<number> =>
      Number((await env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE created_at <= now() - interval '24 hours'`))[0]?.n);
    await env.db.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, status, reply, created_at)
       SELECT 'old-account', 'old-' || i, 'hash', 201, '{}', now() - interval '25 hours' - i * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
      [SWEEP_BATCH + 5],
    );
    await env.db.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, status, reply, created_at)
       VALUES ('old-account', 'young', 'hash', 201, '{}', now() - interval '23 hours')`,
    );
    expect(await expired()).toBe(SWEEP_BATCH + 5);
    const { token } = await registerPatient(env.app);
    // A write without a key stores nothing and sweeps nothing.
    expect((await send(env.app, BOOK, { docId: 'doc11', slotDate: '25_11_2026', slotTime: '10:00' }, token)).status).toBe(201);
    expect(await expired()).toBe(SWEEP_BATCH + 5);
    const key = newKey();
    const keyed = { docId: 'doc11', slotDate: '25_11_2026', slotTime: '10:30' };
    expect((await send(env.app, BOOK, keyed, token, key)).status).toBe(201);
    expect(await expired()).toBe(5);
    expect((await send(env.app, BOOK, keyed, token, key)).status).toBe(201);
    expect(await expired()).toBe(5);
    // Oldest first: what is left are the five youngest of the expired rows.
    const left = await env.db.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE account_id = 'old-account' ORDER BY key`);
    expect(left.map((row) => row.key)).toEqual(['old-1', 'old-2', 'old-3', 'old-4', 'old-5', 'young']);
    // A replay writes nothing and sweeps nothing; the next new keyed write takes the rest.
    expect((await send(env.app, BOOK, { docId: 'doc11', slotDate: '25_11_2026', slotTime: '11:00' }, token, newKey())).status).toBe(201);
    expect(await expired()).toBe(0);
    expect(await env.db.query(`SELECT key FROM idempotency_keys WHERE account_id = 'old-account'`)).toEqual([{ key: 'young' }]);
  });

  if (driver !== 'postgres') return;

  it('books once when two API processes on one PostgreSQL get the same key at the same time', async () => {
    // The spawned APIs run on the real clock: a slot an hour or more ahead.
    const now = new Date();
    const slot = generateSlotDays({ now, timeZone: env.config.clinicTimeZone })
      .flatMap((day) => day.times.map((time) => ({ slotDate: day.key, slotTime: time })))
      .find(({ slotDate, slotTime }) => (slotInterval(slotDate, slotTime, env.config.clinicTimeZone)?.start.getTime() ?? 0) > now.getTime() + 3_600_000);
    expect(slot).toBeDefined();
    const { token } = await registerPatient(env.app);
    const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'carebook-idem-')));
    const spawnOne = (dir: string): Promise<SpawnedApi> =>
      spawnApi(
        { DATA_DIR: dir, DATABASE_URL: env.config.databaseUrl ?? '', JWT_SECRET: env.config.jwtSecret, CLINIC_TIME_ZONE: env.config.clinicTimeZone },
        { readyTimeoutMs: 180_000 },
      );
    const apis = await Promise.all(dirs.map(spawnOne));
    try {
      const key = newKey();
      const booking = { docId: 'doc12', ...slot };
      const sendTo = async (api: SpawnedApi): Promise<Sent> => {
        const res = await fetch(`${api.url}${BOOK}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
          body: JSON.stringify(booking),
        });
        return { status: res.status, body: (await res.json()) as Sent['body'] };
      };
      // Both processes at once, twice each: every request races for the key in its own process.
      const replies = await Promise.all([...apis, ...apis].map(sendTo));
      expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
      for (const reply of replies) expect(reply).toEqual(replies[0]);
      expect((await live(token)).map((appointment) => appointment._id)).toEqual([replies[0]?.body.appointmentId]);
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
