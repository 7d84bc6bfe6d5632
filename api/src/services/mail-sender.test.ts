import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSlotDays, slotInterval } from '@carebook/shared';
import { post } from '../../../testing/api/http';
import { useSmtpCatcher } from '../../../testing/node/smtp-catcher';
import { type SpawnedApi, spawnApi } from '../../../testing/api/spawn-api';
import { DRIVERS, stopTestCluster, useTestEnv, type TestEnv } from '../../../testing/api/test-app';

jest.setTimeout(180_000);

const TOMORROW = '25_11_2026';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const smtp = useSmtpCatcher();
afterAll(() => stopTestCluster());

let counter = 0;
async function patient(env: TestEnv, tag: string): Promise<{ token: string; email: string }> {
  counter += 1;
  const email = `${tag}-${env.driver}-${counter}@example.com`;
  const res = await post<{ token: string }>(env.app, '/api/v1/user/register', { name: `Patient ${counter}`, email, password: 'secret1' });
  expect(res.status).toBe(201);
  return { token: res.body.token, email };
}

async function bookFor(env: TestEnv, token: string, docId: string, slotDate: string, slotTime: string): Promise<string> {
  const res = await post<{ appointmentId: string }>(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
  expect(res.status).toBe(201);
  return res.body.appointmentId;
}

describe.each(DRIVERS)('mail sender on %s', (driver) => {
  const env = useTestEnv(driver, () => ({ SMTP_URL: smtp.url, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '100' }));

  it('keeps emails while the SMTP server is down and sends each once when it is back; the request never waits', async () => {
    const { token, email } = await patient(env, 'outage');
    await smtp.stop();
    try {
      const started = Date.now();
      const id = await bookFor(env, token, 'doc06', TOMORROW, '10:30');
      expect(Date.now() - started).toBeLessThan(5_000);
      // Several failed attempts, each kept with its error, nothing lost.
      const deadline = Date.now() + 10_000;
      let row: { status: string; attempts: number; last_error: string | null } | undefined;
      do {
        await sleep(100);
        [row] = await env.db.query<{ status: string; attempts: number; last_error: string | null }>(
          `SELECT status, attempts, last_error FROM mail_outbox WHERE appointment_id = $1 AND kind = 'booked'`,
          [id],
        );
      } while ((row?.attempts ?? 0) < 2 && Date.now() < deadline);
      expect(row).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await smtp.start();
    }
    await smtp.waitFor((m) => m.to === email);
    await sleep(800);
    expect(smtp.to(email)).toHaveLength(1);
  });

  if (driver !== 'postgres') return;

  it('sends every confirmation and reminder exactly once with two API processes, across a restart', async () => {
    // The spawned APIs run on the real clock: book visits 1 to 23 hours from now.
    const now = new Date();
    env.clock.time = now;
    const soon = generateSlotDays({ now, timeZone: env.config.clinicTimeZone })
      .flatMap((day) => day.times.map((time) => ({ slotDate: day.key, slotTime: time })))
      .filter(({ slotDate, slotTime }) => {
        const start = slotInterval(slotDate, slotTime, env.config.clinicTimeZone)?.start.getTime() ?? 0;
        return start > now.getTime() + 65 * 60_000 && start < now.getTime() + 23 * 3_600_000;
      });
    expect(soon.length).toBeGreaterThanOrEqual(4);
    const booked: { id: string; email: string }[] = [];
    for (const [i, slot] of soon.slice(0, 4).entries()) {
      for (const docId of ['doc07', 'doc08']) {
        const { token, email } = await patient(env, `twin${i}`);
        booked.push({ id: await bookFor(env, token, docId, slot.slotDate, slot.slotTime), email });
      }
    }
    // This test's own app stops looking for reminders (its clock is years back) and sending.
    env.clock.time = new Date('2000-01-01T00:00:00Z');
    await smtp.stop();
    await sleep(300);
    await smtp.start();

    const dirs: string[] = [];
    const spawnOne = (): Promise<SpawnedApi> => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-mail-'));
      dirs.push(dir);
      return spawnApi({
        DATA_DIR: dir,
        DATABASE_URL: env.config.databaseUrl ?? '',
        JWT_SECRET: env.config.jwtSecret,
        CLINIC_TIME_ZONE: env.config.clinicTimeZone,
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '50',
      });
    };
    const apis = await Promise.all([spawnOne(), spawnOne()]);
    try {
      for (const { email } of booked) {
        await smtp.waitFor((m) => m.to === email && m.subject.startsWith('Reminder'), 1, 30_000);
        await smtp.waitFor((m) => m.to === email && m.subject.includes('is booked'), 1, 30_000);
      }
      await sleep(1_000);
      // A restart: the new process finds everything sent and sends nothing again.
      await apis[0]?.stop();
      apis[0] = await spawnOne();
      await sleep(1_500);
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
    for (const { email } of booked) {
      const subjects = smtp.to(email).map((m) => m.subject.replace(/ with .*/, ''));
      expect(subjects.sort()).toEqual(['Reminder: your appointment', 'Your appointment']);
    }
    const ids = smtp.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
