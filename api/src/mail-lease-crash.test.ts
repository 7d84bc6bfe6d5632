import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SLOT_TIMES } from '@carebook/shared';
import type { Db } from './db/db';
import { openPgliteDb } from './db/pglite-db';
import { openPostgresDb } from './db/postgres-db';
import { LEASE_SECONDS } from './services/mail-sender';
import { copySeededCluster } from '../../testing/api/fresh-cluster';
import { postTo as call, useProcessStorage, wireDay } from '../../testing/api/process-storage';
import { type SpawnedApi, spawnApi } from '../../testing/api/spawn-api';
import { DRIVERS } from '../../testing/api/test-app';

jest.setTimeout(600_000);

/** How often the second process looks at the outbox besides being told (LISTEN/NOTIFY). */
const POLL_MS = 250;
/** After the lease runs out: the poll that finds the emails free, then the SMTP connection and greeting. */
const PICK_UP_MS = POLL_MS + 1_000;
/** Booking confirmations queued before the sender that dies claims them: one batch (10) holds them all. */
const EMAILS = 9;

const storage = useProcessStorage('mail-lease');

interface Received {
  messageId: string;
  at: number;
}

/**
 * A real SMTP server (npm `smtp-server`) that, while `holding`, takes each message's data and
 * never answers it: the sender sits in the middle of a send, as with a mail server that hangs.
 * Otherwise it accepts and keeps the message with the time it arrived.
 */
async function startHoldingSmtp(): Promise<{
  url: string;
  received: Received[];
  /** When each send began (MAIL FROM) once no longer holding. */
  started: number[];
  held: () => number;
  holding: boolean;
  close: () => void;
}> {
  let held = 0;
  const state = {
    url: '',
    received: [] as Received[],
    started: [] as number[],
    held: () => held,
    holding: true,
    close: () => server.close(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.holding) state.started.push(Date.now());
      callback();
    },
    onData(stream, _session, callback) {
      if (state.holding) {
        held += 1;
        // The sender dies mid-message: its stream ends with an error, which is expected here.
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          state.received.push({ messageId: parsed.messageId ?? '', at: Date.now() });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  state.url = `smtp://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  return state;
}

/** Waits until `check` is true, looking every 100 ms; fails after `timeoutMs` naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the API and waits for /health, generously (the machine may be busy). */
function startApi(env: Record<string, string>): Promise<SpawnedApi> {
  return spawnApi(env, { readyTimeoutMs: 150_000 });
}

/**
 * A real API process claims a batch of emails and hangs in the middle of sending the first (the
 * SMTP server holds it); it is killed with SIGKILL. A second process (on PostgreSQL running beside
 * it all along, on the embedded database started on the same folder after the kill) sends every
 * one of them: none before the dead process's lease ran out, all within the lease's 30 s of the
 * kill (plus the second process's start and one poll), none twice, none missing.
 */
describe.each(DRIVERS)("a killed sender's emails on %s", (driver) => {
  it('go out from a second process within 30 s of the kill, each exactly once', async () => {
    const began = Date.now();
    // Where the time went, for a run on a busy machine.
    const step = (what: string) => process.stdout.write(`[${driver}] ${Math.round((Date.now() - began) / 1000)} s: ${what}\n`);
    const smtp = await startHoldingSmtp();
    const { dir, databaseUrl, env: where } = await storage(driver);
    if (!databaseUrl) await copySeededCluster(path.join(dir, 'db'));
    const base = { ...where, CLINIC_TIME_ZONE: 'UTC', MAX_UPCOMING_PER_PATIENT: '50', MAIL_POLL_MS: String(POLL_MS) };
    const processes: SpawnedApi[] = [];
    const watcher: Db | null = databaseUrl ? openPostgresDb(databaseUrl, { max: 1 }) : null;
    try {
      // 1. Queue the confirmations with no mail server configured: they wait in the outbox.
      step('starting the process that queues');
      const queuing = await startApi(base);
      processes.push(queuing);
      const registered = await call(queuing, '/api/v1/user/register', { name: 'Lease Patient', email: `lease-${driver}@example.com`, password: 'secret1' });
      expect(registered.status).toBe(201);
      const auth = { authorization: `Bearer ${String(registered.body.token)}` };
      let booked = 0;
      for (let day = 2; day <= 9 && booked < EMAILS; day += 1) {
        for (const slotTime of SLOT_TIMES.slice(2, 5)) {
          if (booked >= EMAILS) break;
          const res = await call(queuing, '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: wireDay(day), slotTime }, auth);
          if (res.status === 201) booked += 1;
        }
      }
      expect(booked).toBe(EMAILS);
      expect(await queuing.stop()).toBe(0);
      step(`${EMAILS} confirmations queued; starting the sender that dies`);

      // 2. The sender that dies: it claims the whole batch and hangs sending the first email.
      const dying = await startApi({ ...base, SMTP_URL: smtp.url });
      processes.push(dying);
      await until('the first process to be in the middle of a send', () => smtp.held() >= 1, 60_000);
      step('the sender is in the middle of a send');
      let leaseEnd = 0;
      if (watcher) {
        const claimed = async () =>
          watcher.query<{ until: Date }>(`SELECT locked_until AS until FROM mail_outbox WHERE status = 'pending' AND locked_until > now() ORDER BY id`);
        const first = await claimed();
        expect(first).toHaveLength(EMAILS);
        // The lease is renewed while the send hangs (every 10 s), so a slow send keeps its emails.
        const firstEnd = Math.max(...first.map((r) => new Date(r.until).getTime()));
        await until('the lease to be renewed', async () => Math.max(...(await claimed()).map((r) => new Date(r.until).getTime())) > firstEnd, 30_000);
        // The second process runs beside it, and takes none of the leased emails.
        processes.push(await startApi({ ...base, SMTP_URL: smtp.url }));
        await new Promise((r) => setTimeout(r, 4 * POLL_MS));
        leaseEnd = Math.max(...(await claimed()).map((r) => new Date(r.until).getTime()));
      }
      expect(smtp.received).toEqual([]);

      dying.child.kill('SIGKILL');
      await dying.exited;
      const killedAt = Date.now();
      smtp.holding = false;
      if (watcher) {
        // Read from the database's clock: no lease of the dead process runs past 30 s from now.
        const [now] = await watcher.query<{ now: Date }>('SELECT now() AS now');
        expect(leaseEnd - new Date(now?.now ?? 0).getTime()).toBeLessThanOrEqual(LEASE_SECONDS * 1000);
      }
      const second = watcher ? (processes[processes.length - 1] as SpawnedApi) : await startApi({ ...base, SMTP_URL: smtp.url });
      if (!watcher) processes.push(second);
      const readyAt = Date.now();
      step('killed; the second process is up');

      // A generous bound to wait on; the 30 s is asserted on the arrival times below.
      await until(`${EMAILS} emails to arrive`, () => smtp.received.length >= EMAILS, 120_000);
      await new Promise((r) => setTimeout(r, 4 * POLL_MS));
      expect(smtp.held()).toBe(1);

      const ids = smtp.received.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(EMAILS);
      expect(ids).toHaveLength(EMAILS);
      // The dead process's emails go out again once its lease ran out: at most 30 s after the kill
      // (or once the second process was up, when that came later), then the next poll.
      const firstAt = Math.min(...smtp.started);
      const lastAt = Math.max(...smtp.received.map((m) => m.at));
      const freeAt = Math.max(killedAt + LEASE_SECONDS * 1000, readyAt);
      expect(firstAt - freeAt).toBeLessThanOrEqual(PICK_UP_MS);
      process.stdout.write(
        `[${driver}] kill -> second process ready ${readyAt - killedAt} ms; first email ${firstAt - killedAt} ms, ` +
          `last (${EMAILS}th) ${lastAt - killedAt} ms after the kill\n`,
      );
      for (const api of processes.slice(1)) await api.stop();
    } finally {
      for (const api of processes) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      await watcher?.close();
      smtp.close();
    }

    // Every email sent once, on the second try (the dead process's claim was the first).
    const db = databaseUrl ? openPostgresDb(databaseUrl, { max: 1 }) : await openPgliteDb(path.join(dir, 'db'));
    try {
      const rows = await db.query<{ message_uid: string; status: string; attempts: number }>('SELECT message_uid::text, status, attempts FROM mail_outbox ORDER BY id');
      expect(rows).toHaveLength(EMAILS);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['sent', 2]));
      const domainIds = smtp.received.map((m) => m.messageId.replace(/^<|@.*$/g, '')).sort();
      expect(domainIds).toEqual(rows.map((r) => r.message_uid).sort());
    } finally {
      await db.close();
    }
  });
});
