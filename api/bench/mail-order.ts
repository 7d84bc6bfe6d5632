import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-db';
import { enqueueMail } from '../src/repositories/mail-outbox-repository';
import { startSmtpCatcher } from '../../testing/node/smtp-catcher';

/**
 * Mail delivery order under a backlog: BENCH_MAIL_BACKLOG (default 2000) booking confirmations are
 * queued at once, then a patient asks for a password reset. Measured per round (BENCH_MAIL_RUNS,
 * default 3; medians count): the reset's place among the emails the SMTP server received after the
 * backlog was queued, the time from the request to its arrival, and the send rate over the first
 * 500 emails, from which the time strict queue order would have taken (backlog + 1 emails at that
 * rate) is the same run's baseline. One API in this process, on the embedded database (or
 * BENCH_DATABASE_URL), sending to a local SMTP server that parses every message.
 */
const BACKLOG = Number(process.env.BENCH_MAIL_BACKLOG ?? 2000);
const RUNS = Number(process.env.BENCH_MAIL_RUNS ?? 3);
const RATE_SAMPLE = Math.min(500, BACKLOG);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function benchMailOrder(): Promise<void> {
  const smtp = await startSmtpCatcher();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-mail-'));
  const config = loadConfig({
    DATA_DIR: dir,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '100',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const db = await openDatabase(config);
  const app = await buildApp({ db, config, logger: false });
  const places: number[] = [];
  const waits: number[] = [];
  const fifo: number[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const email = `bench-reset-${Date.now()}-${run}@example.com`;
      const registered = await app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { name: 'Bench Patient', email, password: 'secret1' } });
      if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
      const before = smtp.mails.length;
      const prefix = `bulk-${run}-${Date.now()}`;
      await db.transaction(async (tx) => {
        for (let i = 0; i < BACKLOG; i += 1) {
          await enqueueMail(tx, {
            dedupeKey: `${prefix}-${i}`,
            kind: 'booked',
            recipient: `${prefix}-${i}@example.com`,
            mail: { subject: 'Your appointment is booked', text: 'Booked.', html: '<p>Booked.</p>', ics: null },
          });
        }
      });
      const queuedAt = Date.now();
      const asked = await app.inject({ method: 'POST', url: '/api/v1/user/forgot-password', payload: { email } });
      if (asked.statusCode !== 200) throw new Error(`forgot-password: ${asked.statusCode} ${asked.body}`);
      await smtp.waitFor((m) => m.to === email, 1, 600_000);
      const arrived = Date.now();
      places.push(smtp.mails.slice(before).findIndex((m) => m.to === email) + 1);
      waits.push(arrived - queuedAt);
      await smtp.waitFor((m) => m.to.startsWith(prefix), RATE_SAMPLE, 600_000);
      const rate = RATE_SAMPLE / ((Date.now() - queuedAt) / 1000);
      fifo.push(((BACKLOG + 1) / rate) * 1000);
      await db.query(`UPDATE mail_outbox SET status = 'skipped' WHERE dedupe_key LIKE $1 AND status = 'pending'`, [`${prefix}-%`]);
      console.log(
        `mail run ${run}: reset was email #${places.at(-1)} of ${BACKLOG + 1} out, ${waits.at(-1)} ms after the backlog was queued; ` +
          `send rate ${rate.toFixed(0)}/s, so strict order would have taken ~${(fifo.at(-1) ?? 0).toFixed(0)} ms`,
      );
    }
    console.log(
      `\nmail order under a backlog of ${BACKLOG} confirmations (median of ${RUNS}): the reset went out as email ` +
        `#${median(places)}, after ${median(waits)} ms, against ~${median(fifo).toFixed(0)} ms in strict queue order ` +
        `(${(median(fifo) / median(waits)).toFixed(0)}x sooner)`,
    );
  } finally {
    await app.close();
    await db.close();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchMailOrder().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
