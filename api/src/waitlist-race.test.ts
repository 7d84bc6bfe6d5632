import { Client } from 'pg';
import { generateSlotDays } from '@carebook/shared';
import { type ApisOnPostgres, startApisOnPostgres } from '../../testing/api/apis-on-postgres';
import type { SpawnedApi } from '../../testing/api/spawn-api';

jest.setTimeout(180_000);

/**
 * Two real API processes on one PostgreSQL: a cancelled time is offered to 12 waiting patients,
 * and all of them tap "Take this time" at once, half through each process. Exactly one wins; no
 * time is held twice and nobody loses their visit.
 */
describe('taking an earlier time from two API processes', () => {
  let url: string;
  let fleet: ApisOnPostgres | null = null;
  let apis: SpawnedApi[] = [];

  beforeAll(async () => {
    fleet = await startApisOnPostgres({
      database: 'waitlist_race',
      env: { JWT_SECRET: 'race-secret-race-secret-race-secret-456', CLINIC_TIME_ZONE: 'UTC', RATE_LIMIT_AUTH_MAX: '10000' },
    });
    ({ url, apis } = fleet);
  });

  afterAll(() => fleet?.stop());

  async function postJson(base: string, route: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('lets exactly one of 12 concurrent takes win, with no time held twice and no visit lost', async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    const days = generateSlotDays({ now: new Date(), timeZone: 'UTC' });
    const soon = days[2]?.key as string;
    const later = days[5]?.key as string;
    const register = async (i: number): Promise<string> => {
      const res = await postJson(a.url, '/api/v1/user/register', { name: `Waiting ${i}`, email: `waiting${i}@example.com`, password: 'secret1' });
      expect(res.status).toBe(201);
      return res.body.token as string;
    };
    const holder = await register(99);
    const freed = await postJson(a.url, '/api/v1/user/book-appointment', { docId: 'doc02', slotDate: soon, slotTime: '12:00' }, holder);
    const waiting: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const token = await register(i);
      const time = `${10 + Math.floor(i / 2)}:${i % 2 === 0 ? '00' : '30'}`;
      expect((await postJson(a.url, '/api/v1/user/book-appointment', { docId: 'doc02', slotDate: later, slotTime: time }, token)).status).toBe(201);
      expect((await postJson(b.url, '/api/v1/user/waitlist', { docId: 'doc02' }, token)).status).toBe(201);
      waiting.push(token);
    }
    expect((await postJson(b.url, '/api/v1/user/cancel-appointment', { appointmentId: freed.body.appointmentId }, holder)).status).toBe(200);

    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const offers = await client.query<{ id: string; name: string }>(
        "SELECT o.id, u.name FROM waitlist_offers o JOIN users u ON u.id = o.user_id WHERE o.slot_date = $1 AND o.slot_time = '12:00'",
        [soon],
      );
      expect(offers.rows).toHaveLength(12);
      const tokenOf = (name: string): string => waiting[Number(name.replace('Waiting ', ''))] ?? '';
      const replies = await Promise.all(offers.rows.map((o, i) => postJson((i % 2 === 0 ? a : b).url, '/api/v1/user/waitlist-take', { offerId: o.id }, tokenOf(o.name))));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(11);

      const live = await client.query<{ slot_date: string; slot_time: string; n: number }>(
        "SELECT slot_date, slot_time, count(*)::int AS n FROM appointments WHERE doctor_id = 'doc02' AND NOT cancelled GROUP BY 1, 2",
      );
      expect(live.rows.every((r) => r.n === 1)).toBe(true); // no time held twice
      expect(live.rows).toHaveLength(12); // 11 kept their visit, the winner moved: none lost
      expect(live.rows.filter((r) => r.slot_date === soon).map((r) => r.slot_time)).toEqual(['12:00']);
      const mails = await client.query("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'earlier-time'");
      expect(mails.rows[0].n).toBeGreaterThanOrEqual(12);
    } finally {
      await client.end();
    }
  });
});
