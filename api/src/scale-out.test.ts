import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { openPostgresDb } from './db/postgres-db';
import { revokeSession } from './services/sessions';
import { PNG_BYTES } from '../../testing/api/http';
import { type PgCluster, startPgCluster } from '../../testing/node/pg-cluster';
import { type SpawnedApi, spawnApi } from '../../testing/api/spawn-api';

jest.setTimeout(120_000);

/**
 * Two API processes on one PostgreSQL, each with its own DATA_DIR (no shared disk) and no
 * JWT_SECRET: what one process issues or stores, the other must honour and serve.
 */
describe('scale-out: two processes, separate data folders, one PostgreSQL', () => {
  let cluster: PgCluster;
  const dirs: string[] = [];
  let apis: SpawnedApi[] = [];
  let databaseUrl = '';

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('scaleout');
    databaseUrl = url;
    const env = (): Record<string, string> => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-scale-'));
      dirs.push(dir);
      return { DATABASE_URL: url, DATA_DIR: dir, JWT_SECRET: '', CLINIC_TIME_ZONE: 'UTC', RATE_LIMIT_AUTH_MAX: '1000' };
    };
    apis = await Promise.all([spawnApi(env()), spawnApi(env())]);
  });

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

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
    expect(photoPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const photoOnA = await fetch(`${a.url}${photoPath}`);
    expect(photoOnA.status).toBe(200);
    expect(photoOnA.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photoOnA.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
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
