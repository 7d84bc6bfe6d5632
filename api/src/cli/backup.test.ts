import { readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Appointment, Doctor } from '@carebook/shared';
import type { FastifyInstance } from 'fastify';
import { backupDatabase } from '../db/backup';
import { applyMigrations, migrationNames } from '../db/migrate';
import { openPgliteDb } from '../db/pglite-db';
import { hashPassword } from '../lib/passwords';
import { get, multipart, PNG_BYTES, post, postForm } from '../../../testing/api/http';
import { type CliRun, Instances, openApi, runCli, type Storage } from '../../../testing/api/maintenance';
import { ADMIN, DRIVERS } from '../../../testing/api/test-app';

jest.setTimeout(240_000);

const PASSWORD = 'secret1';
/** The test clock's "now" is 10:10 in Berlin on 24 Nov 2026: these slots are tomorrow. */
const DAY = '25_11_2026';
const instances = new Instances();
const cli = (command: 'backup' | 'restore', file: string, storage: Storage): Promise<CliRun> => runCli('cli/backup', [command, file], storage);

async function register(app: FastifyInstance, email: string): Promise<string> {
  const res = await post<{ token: string }>(app, '/api/v1/user/register', { name: 'Backup Patient', email, password: PASSWORD });
  expect(res.status).toBe(201);
  return res.body.token;
}

async function login(app: FastifyInstance, email: string): Promise<{ status: number; token: string }> {
  const res = await post<{ token: string }>(app, '/api/v1/user/login', { email, password: PASSWORD });
  return { status: res.status, token: res.body.token };
}

async function book(app: FastifyInstance, token: string, slotTime: string): Promise<number> {
  return (await post(app, '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: DAY, slotTime }, token)).status;
}

async function slotTimes(app: FastifyInstance, token: string): Promise<string[]> {
  const res = await get<{ appointments: Appointment[] }>(app, '/api/v1/user/appointments', token);
  expect(res.status).toBe(200);
  return res.body.appointments.filter((a) => !a.cancelled).map((a) => a.slotTime).sort();
}

async function doctors(app: FastifyInstance): Promise<Doctor[]> {
  return (await get<{ doctors: Doctor[] }>(app, '/api/v1/doctor/all-doctors')).body.doctors;
}

afterAll(() => instances.cleanUp());

describe.each(DRIVERS)('backup and restore on %s', (driver) => {
  it('back up, book, restore: the booking is gone, a live API is refused, and the API works on the restored data', async () => {
    const storage = await instances.fresh(driver);
    const file = path.join(storage.DATA_DIR, 'before.carebook.gz');
    const email = `restore-${driver}@example.com`;

    let api = await openApi(storage);
    const token = await register(api.app, email);
    expect(await book(api.app, token, '10:00')).toBe(201);
    if (driver === 'pglite') await api.close(); // the embedded database is backed up with the API stopped
    const backedUp = await cli('backup', file, storage);
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toMatch(/wrote .*before\.carebook\.gz .* appointments 1,/);

    if (driver === 'pglite') api = await openApi(storage);
    expect(await book(api.app, token, '11:00')).toBe(201);
    expect(await slotTimes(api.app, token)).toEqual(['10:00', '11:00']);

    const refused = await cli('restore', file, storage);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by (the )?(a )?running API.*stop .*API.*Nothing was changed\./s);
    expect(await slotTimes(api.app, token)).toEqual(['10:00', '11:00']);
    await api.close();

    const restored = await cli('restore', file, storage);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/the data it replaces was saved to .*before-restore-.*\.carebook\.gz/);
    expect(restored.stdout).toMatch(/now holds the backup of .*appointments 1,/);

    api = await openApi(storage);
    try {
      // The token issued before the backup still works: the signing secret came back with the data.
      expect(await slotTimes(api.app, token)).toEqual(['10:00']);
      expect(await book(api.app, token, '11:00')).toBe(201);
      expect(await book(api.app, token, '10:00')).toBe(409);
      expect((await login(api.app, email)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('back up, restore into a fresh instance: doctors, patients, photos, appointments and logins are all there', async () => {
    const source = await instances.fresh(driver);
    const file = path.join(source.DATA_DIR, 'all.carebook.gz');
    const email = `fresh-${driver}@example.com`;

    const api = await openApi(source);
    const token = await register(api.app, email);
    const photo = await postForm<{ user: { image: string } }>(
      api.app,
      '/api/v1/user/update-profile',
      multipart({ name: 'Backup Patient', phone: '+49 30 1234567' }, { filename: 'me.png', type: 'image/png', bytes: PNG_BYTES }),
      token,
    );
    expect(photo.status).toBe(200);
    expect(await book(api.app, token, '10:30')).toBe(201);
    const adminLogin = await post<{ token: string }>(api.app, '/api/v1/admin/login', ADMIN);
    expect((await post(api.app, '/api/v1/admin/change-availability', { docId: 'doc02' }, adminLogin.body.token)).status).toBe(200);
    const doctorsBefore = await doctors(api.app);
    const profileBefore = (await get(api.app, '/api/v1/user/get-profile', token)).body;
    const imageBefore = (await api.app.inject({ method: 'GET', url: new URL(photo.body.user.image).pathname })).rawPayload;
    expect(imageBefore.length).toBeGreaterThan(0);
    await api.close();

    expect((await cli('backup', file, source)).code).toBe(0);
    const target = await instances.fresh(driver);
    const restored = await cli('restore', file, target);
    expect(restored.code).toBe(0);
    expect(restored.stdout).not.toMatch(/saved to/);

    const fresh = await openApi(target);
    try {
      expect(await doctors(fresh.app)).toEqual(doctorsBefore);
      expect(doctorsBefore.find((d) => d._id === 'doc02')?.available).toBe(false);
      const again = await login(fresh.app, email);
      expect(again.status).toBe(200);
      expect((await get(fresh.app, '/api/v1/user/get-profile', again.token)).body).toEqual(profileBefore);
      expect(await slotTimes(fresh.app, again.token)).toEqual(['10:30']);
      const image = await fresh.app.inject({ method: 'GET', url: new URL(photo.body.user.image).pathname });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(imageBefore)).toBe(true);
      expect((await post(fresh.app, '/api/v1/admin/login', ADMIN)).status).toBe(200);
    } finally {
      await fresh.close();
    }
    // The audit trail came across entry for entry: its hash chain still verifies.
    const audit = await runCli('audit-verify', [], target);
    expect(audit.stdout).toMatch(/^[1-9]\d* audit entries checked/m);
    expect(audit).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('backup files', () => {
  it('moves the embedded database to PostgreSQL: a PGlite backup restores there', async () => {
    const embedded = await instances.fresh('pglite');
    const file = path.join(embedded.DATA_DIR, 'move.carebook.gz');
    const email = 'moving@example.com';
    const api = await openApi(embedded);
    const token = await register(api.app, email);
    expect(await book(api.app, token, '12:00')).toBe(201);
    await api.close();
    expect((await cli('backup', file, embedded)).code).toBe(0);

    const server = await instances.fresh('postgres');
    expect((await cli('restore', file, server)).code).toBe(0);
    const moved = await openApi(server);
    try {
      const again = await login(moved.app, email);
      expect(again.status).toBe(200);
      expect(await slotTimes(moved.app, again.token)).toEqual(['12:00']);
    } finally {
      await moved.close();
    }
  });

  it('restores a backup made by an older version and upgrades it with the later migrations', async () => {
    const old = await instances.fresh('pglite');
    const file = path.join(old.DATA_DIR, 'old.carebook.gz');
    const db = await openPgliteDb(path.join(old.DATA_DIR, 'db'));
    try {
      const early = migrationNames().slice(0, 3);
      await db.transaction((tx) => applyMigrations(tx, (name) => early.includes(name)));
      await db.query('INSERT INTO users (id, name, email, password) VALUES ($1, $2, $3, $4)', [
        randomUUID(),
        'Early Patient',
        'early@example.com',
        await hashPassword(PASSWORD),
      ]);
      expect((await backupDatabase(db, file)).migrations).toEqual(early);
    } finally {
      await db.close();
    }

    const target = await instances.fresh('postgres');
    const restored = await cli('restore', file, target);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`schema ${migrationNames()[2]}, upgraded to ${migrationNames().at(-1)}.`);
    const api = await openApi(target);
    try {
      const again = await login(api.app, 'early@example.com');
      expect(again.status).toBe(200);
      expect(await book(api.app, again.token, '14:00')).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('refuses a file that is not a whole CareBook backup, and changes nothing', async () => {
    const storage = await instances.fresh('pglite');
    const file = path.join(storage.DATA_DIR, 'good.carebook.gz');
    const email = 'keep@example.com';
    let api = await openApi(storage);
    const token = await register(api.app, email);
    expect(await book(api.app, token, '13:00')).toBe(201);
    await api.close();
    expect((await cli('backup', file, storage)).code).toBe(0);

    const notGzip = path.join(storage.DATA_DIR, 'notes.txt');
    writeFileSync(notGzip, 'hello');
    const cutOff = path.join(storage.DATA_DIR, 'cut.carebook.gz');
    const whole = readFileSync(file);
    writeFileSync(cutOff, whole.subarray(0, Math.floor(whole.length / 2)));
    const shortened = path.join(storage.DATA_DIR, 'short.carebook.gz');
    writeFileSync(shortened, gzipSync(gunzipSync(whole).toString('utf8').split('\n').slice(0, 4).join('\n')));
    const cases: Array<[string, RegExp]> = [
      [notGzip, /is not a CareBook backup \(it is not a complete gzip file\)/],
      [cutOff, /is not a CareBook backup \(it is not a complete gzip file\)/],
      [shortened, /is incomplete \(cut off while it was written or copied\)/],
      [path.join(storage.DATA_DIR, 'missing.gz'), /There is no file .*missing\.gz/],
    ];
    for (const [bad, message] of cases) {
      const run = await cli('restore', bad, storage);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
    }

    api = await openApi(storage);
    try {
      expect(await slotTimes(api.app, (await login(api.app, email)).token)).toEqual(['13:00']);
    } finally {
      await api.close();
    }
  });
});
