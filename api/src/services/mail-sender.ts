import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Db } from '../db/db';
import {
  claimDueMails,
  findVisitsDueReminder,
  MAIL_CHANNEL,
  markFinal,
  markRetry,
  HELD_REMINDER_RETRY_MS,
  markSent,
  type OutboxRow,
  releaseLeases,
  reminderStillDue,
  renewLeases,
} from '../repositories/mail-outbox-repository';
import type { AppointmentMail } from './appointment-mail';
import { mintResetMail } from './password-reset';

/**
 * A sender holds a claimed email this long, and renews the lease of every row it still holds
 * every {@link RENEW_MS}: a send may take as long as nodemailer's timeouts below allow, but the
 * emails of a process that died (kill -9) are free for another process within 30 s.
 */
export const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
/** Small, so a reset queued behind a backlog of confirmations waits for at most this many sends. */
const BATCH = 10;
const MAX_RETRY_MS = 60 * 60 * 1000;

export interface MailSender {
  /** Looks for due emails and reminders now (also called on every NOTIFY and every poll). */
  nudge(): void;
  /** Runs one round to the end: queue due reminders, send every due email. For tests and shutdown. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

interface SenderOptions {
  db: Db;
  mail: MailConfig;
  timeZone: string;
  now: () => Date;
  log: FastifyBaseLogger;
  appointmentMail: AppointmentMail;
}

/** The SMTP error codes that will not change by trying again: the server refused this message itself. */
function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  // 535 (bad credentials) is a setting to fix, not a property of the message: keep retrying.
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** `carebook.local` of `CareBook <no-reply@carebook.local>`, for Message-IDs. */
function domainOf(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'carebook.local';
}

/**
 * The loop that empties the outbox, one per API process. Every round first queues the reminders
 * that have come due (the unique key per appointment and revision lets only one process queue
 * each), then claims due emails with `FOR UPDATE SKIP LOCKED` and a lease, sends them through
 * SMTP and marks them sent. A failed send is retried with a doubling delay (up to an hour); a
 * permanent refusal (5xx) is marked failed. SMTP being down never touches a request: requests
 * only write rows.
 *
 * Exactly once: a row is only sent by the process that holds its lease. The one gap no outbox can
 * close is a crash after the SMTP server accepted a message and before it was marked sent: the
 * lease then runs out and the message is sent again, with the same Message-ID, so mail systems
 * can tell it is one message.
 */
export async function startMailSender(options: SenderOptions): Promise<MailSender> {
  const { db, mail, log } = options;
  const transport: Transporter | null = mail.smtpUrl
    ? nodemailer.createTransport({
        url: mail.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  if (!transport) log.warn('SMTP_URL is not set: emails are kept in the outbox (table mail_outbox) and sent once it is');
  const messageDomain = domainOf(mail.from);

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function queueReminders(): Promise<void> {
    const due = await findVisitsDueReminder(db, {
      now: options.now(),
      timeZone: options.timeZone,
      hours: mail.reminderHours,
      limit: 100,
    });
    for (const row of due) {
      await db.transaction((tx) => options.appointmentMail.reminder(tx, row));
    }
  }

  /** Rows this process has claimed and not marked yet: their leases are renewed, and released at a stop. */
  const held = new Map<string, OutboxRow>();
  const renewer = setInterval(() => {
    void renewLeases(db, [...held.values()], LEASE_SECONDS).catch((error: unknown) => {
      if (!stopped) log.warn({ err: error }, 'could not renew the mail leases; the next renewal retries');
    });
  }, RENEW_MS);
  renewer.unref();

  /**
   * A reminder is re-checked, and skipped when it no longer speaks the truth, in one transaction
   * that holds its appointment's row: a move or cancellation waits for it, or it sees theirs.
   * A reminder of a held visit (stranded by a schedule change) waits and is looked at again later.
   * `true` when it is to be sent now.
   */
  async function reminderDue(row: OutboxRow & { appointment_id: string; appointment_revision: number }): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM appointments WHERE id = $1 FOR UPDATE', [row.appointment_id]);
      const state = await reminderStillDue(tx, row.appointment_id, row.appointment_revision, options.now(), options.timeZone);
      if (state === 'due') return true;
      if (state === 'held') {
        await markRetry(tx, row, "held: the visit is outside the doctor's new times until the patient or staff decide", HELD_REMINDER_RETRY_MS);
        return false;
      }
      await markFinal(tx, row, 'skipped', "the visit was moved, cancelled or had started when the reminder's turn came");
      return false;
    });
  }

  /** What to send for `row`; `null` when nothing is (a reset request ended meanwhile: skipped). */
  async function contentOf(row: OutboxRow): Promise<{ subject: string; text: string; html: string; ics: string | null } | null> {
    if (row.kind !== 'password-reset' || row.password_reset_id === null) {
      return { subject: row.subject, text: row.text_body, html: row.html_body, ics: row.ics };
    }
    const minted = await mintResetMail(db, { resetId: row.password_reset_id, now: options.now(), siteUrl: mail.siteUrl });
    if (!minted) await markFinal(db, row, 'skipped', 'a newer link was asked for, or this one was used or expired, before its turn came');
    return minted;
  }

  async function send(row: OutboxRow): Promise<void> {
    if (row.kind === 'reminder' && row.appointment_id !== null && row.appointment_revision !== null) {
      if (!(await reminderDue({ ...row, appointment_id: row.appointment_id, appointment_revision: row.appointment_revision }))) return;
    }
    if (!transport) return;
    const content = await contentOf(row);
    if (!content) return;
    try {
      await transport.sendMail({
        from: mail.from,
        to: row.recipient,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: `<${row.message_uid}@${messageDomain}>`,
        attachments: content.ics
          ? [{ filename: 'appointment.ics', content: content.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
          : [],
      });
    } catch (error) {
      if (isPermanent(error)) {
        log.error({ err: error, mail: row.id }, 'the mail server refused an email for good');
        await markFinal(db, row, 'failed', describe(error));
      } else {
        const delay = Math.min(mail.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_MS);
        log.warn({ err: error, mail: row.id, attempt: row.attempts, retryInMs: delay }, 'could not send an email; will retry');
        await markRetry(db, row, describe(error), delay);
      }
      return;
    }
    if (!(await markSent(db, row))) log.warn({ mail: row.id }, 'an email was sent after its lease was lost or it was skipped; it was not marked');
  }

  async function round(): Promise<void> {
    await queueReminders();
    if (!transport) return;
    for (;;) {
      if (stopped) return;
      const rows = await claimDueMails(db, BATCH, LEASE_SECONDS);
      if (rows.length === 0) return;
      for (const row of rows) held.set(row.id, row);
      for (const row of rows) {
        try {
          if (!stopped) await send(row);
        } finally {
          held.delete(row.id);
        }
      }
    }
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (error) {
          if (!stopped) log.error({ err: error }, 'mail round failed; the next one retries');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().then(schedule);
    }, mail.pollMs);
    timer.unref();
  }

  const unlisten = await db.listen(MAIL_CHANNEL, () => {
    if (!stopped) void runOnce();
  });
  void runOnce().then(schedule);

  return {
    nudge: () => void runOnce(),
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten();
      // The claims not started yet go back at once, for another process (or the next start).
      const waiting = [...held.values()];
      // A send under way fails at once and is released for a retry, instead of holding up shutdown.
      transport?.close();
      await running;
      clearInterval(renewer);
      await releaseLeases(db, waiting).catch((error: unknown) => log.warn({ err: error }, 'could not release the mail leases'));
    },
  };
}
