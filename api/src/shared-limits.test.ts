import { type ApisOnPostgres, startApisOnPostgres } from '../../testing/api/apis-on-postgres';
import type { SpawnedApi } from '../../testing/api/spawn-api';

jest.setTimeout(120_000);

const LOGIN_FAILURES_MAX = 3;
const SIGNUPS_PER_HOUR = 4;

/**
 * Two API processes on one PostgreSQL count against one budget (lib/shared-rate-limit-store.ts):
 * an address or an account gets the documented limit however many processes answer it.
 */
describe('limits shared by two API processes on one PostgreSQL', () => {
  let fleet: ApisOnPostgres | null = null;
  let apis: SpawnedApi[] = [];

  beforeAll(async () => {
    // One after the other: the second finds the schema made.
    fleet = await startApisOnPostgres({
      database: 'limits',
      env: {
        CLINIC_TIME_ZONE: 'UTC',
        RATE_LIMIT_AUTH_MAX: '1000',
        LOGIN_FAILURES_MAX: String(LOGIN_FAILURES_MAX),
        SIGNUP_RATE_MAX_PER_HOUR: String(SIGNUPS_PER_HOUR),
      },
    });
    ({ apis } = fleet);
  });

  afterAll(() => fleet?.stop());

  const post = (api: SpawnedApi, route: string, body: unknown): Promise<Response> =>
    fetch(`${api.url}/api/v1/user/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** Sign-ups accepted so far in this file: every one takes from the address's budget. */
  let signedUp = 0;
  const register = async (api: SpawnedApi, name: string, email: string): Promise<number> => {
    const { status } = await post(api, 'register', { name, email, password: 'secret1' });
    if (status === 201) signedUp += 1;
    return status;
  };

  /** Wrong passwords through `through(attempt)` until one is refused: the number of that attempt. */
  async function refusedAt(email: string, through: (attempt: number) => SpawnedApi): Promise<number> {
    for (let attempt = 1; attempt <= LOGIN_FAILURES_MAX * 3; attempt += 1) {
      const reply = await post(through(attempt), 'login', { email, password: 'wrong-guess' });
      if (reply.status === 429) return attempt;
      expect(reply.status).toBe(401);
    }
    throw new Error('never refused');
  }

  it('cuts failed logins off at the same count with two processes as with one', async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    // Sign-ups share their own budget (below): these two come first.
    expect(await register(a, 'One Process', 'one@example.com')).toBe(201);
    expect(await register(a, 'Two Processes', 'two@example.com')).toBe(201);
    const alone = await refusedAt('one@example.com', () => a);
    const together = await refusedAt('two@example.com', (attempt) => (attempt % 2 ? a : b));
    expect(alone).toBe(LOGIN_FAILURES_MAX + 1);
    expect(together).toBe(alone);
    // Refused on both, the right password included.
    for (const api of [a, b]) expect((await post(api, 'login', { email: 'two@example.com', password: 'secret1' })).status).toBe(429);
  });

  it('gives one address the sign-up budget across both processes', async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    const left = SIGNUPS_PER_HOUR - signedUp;
    const statuses: number[] = [];
    for (let n = 1; n <= left + 2; n += 1) statuses.push(await register(n % 2 ? b : a, `Patient ${n}`, `p${n}@example.com`));
    // Alternating processes, the address still gets the budget once: what is left of it, then refusals on both.
    expect(statuses).toEqual([...Array<number>(left).fill(201), 429, 429]);
    expect(signedUp).toBe(SIGNUPS_PER_HOUR);
  });
});
