import type { FastifyInstance } from 'fastify';
import { generateSlotDays } from '@carebook/shared';
import { createTestEnv, type TestEnv } from '../../testing/api/test-app';

jest.setTimeout(120_000);

/**
 * The hoarding scenario measured for api/README.md ("Rate limits"): one address signs up as many
 * patients as it can and books every slot it can with each, as fast as it can, under the default
 * limits. Within one hour it holds SIGNUP_RATE_MAX_PER_HOUR x MAX_UPCOMING_PER_PATIENT slots.
 */
describe('one address hoarding slots under the default limits', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
    app = await env.buildOther({ BOOKING_RATE_MAX: '20', BOOKING_RATE_MAX_PER_ADDRESS: '60', SIGNUP_RATE_MAX_PER_HOUR: '10', MAX_UPCOMING_PER_PATIENT: '5' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('holds at most 50 slots an hour (10 sign-ups x 5 upcoming each)', async () => {
    const slots = generateSlotDays({ now: env.clock.now(), timeZone: 'Europe/Berlin' }).flatMap((day) =>
      day.times.map((time) => ({ slotDate: day.key, slotTime: time })),
    );
    const post = (url: string, payload: object, token?: string) =>
      app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.7', headers: token ? { authorization: `Bearer ${token}` } : {} });
    let held = 0;
    let signUps = 0;
    let next = 0;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const res = await post('/api/v1/user/register', { name: 'Hoarder', email: `hoarder${attempt}-${Date.now()}@example.com`, password: 'secret1' });
      if (res.statusCode !== 201) continue;
      signUps += 1;
      const token = (res.json() as { token: string }).token;
      // Exactly as many as one patient may hold: a wasted (refused) call would spend the address's booking budget.
      for (let booking = 0; booking < 5 && next < slots.length; booking += 1) {
        const slot = slots[next] as { slotDate: string; slotTime: string };
        next += 1;
        const booked = await post('/api/v1/user/book-appointment', { docId: 'doc01', ...slot }, token);
        if (booked.statusCode === 201) held += 1;
      }
    }
    expect(signUps).toBe(10);
    expect(held).toBe(50);
  });
});
