import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type Doctor, generateSlotDays } from '@carebook/shared';
import { type ApisOnPostgres, startApisOnPostgres } from '../../testing/api/apis-on-postgres';
import type { SpawnedApi } from '../../testing/api/spawn-api';

jest.setTimeout(120_000);

/**
 * Two real API processes on one PostgreSQL, started together (so their migrations race too), and
 * 50 bookings of one slot sent at once over HTTP to both: the unique index lets exactly one win.
 */
describe('two API processes on one PostgreSQL', () => {
  let url: string;
  let fleet: ApisOnPostgres | null = null;
  let apis: SpawnedApi[] = [];

  beforeAll(async () => {
    fleet = await startApisOnPostgres({
      database: 'race',
      env: { JWT_SECRET: 'race-secret-race-secret-race-secret-123', CLINIC_TIME_ZONE: 'UTC', RATE_LIMIT_AUTH_MAX: '10000' },
      together: true,
    });
    ({ url, apis } = fleet);
  });

  afterAll(() => fleet?.stop());

  async function postJson(base: string, route: string, body: unknown, token?: string): Promise<Response> {
    return fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function bookedOn(base: string, docId: string): Promise<Record<string, string[]>> {
    const body = (await (await fetch(`${base}/api/v1/doctor/all-doctors`)).json()) as { doctors: Doctor[] };
    return body.doctors.find((d) => d._id === docId)?.slots_booked ?? {};
  }

  it('lets exactly one of 50 concurrent bookings win, and the other process sees it within a second', async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await postJson(a.url, '/api/v1/user/register', {
          name: `Racer ${i}`,
          email: `racer${i}@example.com`,
          password: 'secret1',
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { token: string }).token;
      }),
    );
    const tomorrow = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]?.key as string;
    expect(await bookedOn(b.url, 'doc01')).toEqual({}); // B now holds the list in memory

    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const api = i % 2 === 0 ? a : b;
        const res = await postJson(api.url, '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: tomorrow, slotTime: '15:00' }, tokens[i % 10]);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s >= 200 && s < 300)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);

    const client = new Client({ connectionString: url });
    await client.connect();
    const rows = await client.query("SELECT count(*)::int AS n FROM appointments WHERE doctor_id = 'doc01' AND slot_time = '15:00'");
    await client.end();
    expect(rows.rows[0].n).toBe(1);

    for (const api of [a, b]) {
      const deadline = Date.now() + 1000;
      let booked = await bookedOn(api.url, 'doc01');
      while (!booked[tomorrow] && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        booked = await bookedOn(api.url, 'doc01');
      }
      expect(booked[tomorrow]).toEqual(['15:00']);
    }
  });

  it('migrated once although both processes started together', async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    const migrations = await client.query('SELECT name FROM schema_migrations ORDER BY name');
    const doctors = await client.query('SELECT count(*)::int AS n FROM doctors');
    await client.end();
    const files = readdirSync(path.join(__dirname, 'db', 'migrations')).filter((name) => name.endsWith('.sql')).sort();
    expect(migrations.rows.map((r) => r.name)).toEqual(files);
    expect(doctors.rows[0].n).toBe(15);
  });
});
