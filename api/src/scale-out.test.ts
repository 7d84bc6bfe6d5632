import { decodeJwt } from 'jose';
import { openPostgresDb } from './db/postgres-db';
import { revokeSession } from './services/sessions';
import { PNG_BYTES } from '../../testing/api/http';
import { type ApisOnPostgres, startApisOnPostgres } from '../../testing/api/apis-on-postgres';
import type { SpawnedApi } from '../../testing/api/spawn-api';

jest.setTimeout(120_000);

/**
 * Two API processes on one PostgreSQL, each with its own DATA_DIR (no shared disk) and no
 * JWT_SECRET: what one process issues or stores, the other must honour and serve.
 */
describe('scale-out: two processes, separate data folders, one PostgreSQL', () => {
  let fleet: ApisOnPostgres | null = null;
  let apis: SpawnedApi[] = [];
  let databaseUrl = '';

  beforeAll(async () => {
    fleet = await startApisOnPostgres({
      database: 'scaleout',
      env: { JWT_SECRET: '', CLINIC_TIME_ZONE: 'UTC', RATE_LIMIT_AUTH_MAX: '1000' },
      together: true,
    });
    ({ url: databaseUrl, apis } = fleet);
  });

  afterAll(() => fleet?.stop());

  it("accepts one process's token on the other, and serves a photo uploaded on one from the other", async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    const registered = await fetch(`${a.url}/api/v1/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scale Out', email: 'scale@example.com', password: 'secret1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    const profileOnB = await fetch(`${b.url}/api/v1/user/get-profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profileOnB.status).toBe(200);

    const form = new FormData();
    form.set('name', 'Scale Out');
    form.set('image', new Blob([PNG_BYTES], { type: 'image/png' }), 'me.png');
    const updated = await fetch(`${b.url}/api/v1/user/update-profile`, { method: 'POST', headers: { token }, body: form });
    expect(updated.status).toBe(200);
    const image = ((await updated.json()) as { user: { image: string } }).user.image;
    const photoPath = new URL(image).pathname;
    expect(photoPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    const photoOnB = Buffer.from(await (await fetch(`${b.url}${photoPath}`)).arrayBuffer());
    const photoOnA = await fetch(`${a.url}${photoPath}`);
    expect(photoOnA.status).toBe(200);
    expect(photoOnA.headers.get('content-type')).toBe('image/webp');
    expect(photoOnB.length).toBeGreaterThan(0);
    expect(Buffer.from(await photoOnA.arrayBuffer()).equals(photoOnB)).toBe(true);
  });

  it('refuses a session ended through one process on the other within 1 s', async () => {
    const [a, b] = apis as [SpawnedApi, SpawnedApi];
    const registered = await fetch(`${a.url}/api/v1/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lost Phone', email: 'lost-phone@example.com', password: 'secret1' }),
    });
    const { token } = (await registered.json()) as { token: string };
    const profileOnB = (): Promise<Response> => fetch(`${b.url}/api/v1/user/get-profile`, { headers: { authorization: `Bearer ${token}` } });
    expect((await profileOnB()).status).toBe(200);

    const db = openPostgresDb(databaseUrl, { max: 1 });
    try {
      expect(await revokeSession(db, String(decodeJwt(token).sid))).toBe(true);
    } finally {
      await db.close();
    }
    const revokedAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - revokedAt < 5_000) status = (await profileOnB()).status;
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });
});
