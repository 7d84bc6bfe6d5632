import type { AppointmentDoctor } from '@carebook/shared';
import type { Queryable } from '../db/db';

/** One email as the outbox stores it: plain text, the same in simple HTML, and an optional `.ics`. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  ics: string | null;
}

export type MailKind = 'booked' | 'moved' | 'cancelled' | 'reminder' | 'password-reset' | 'stranded' | 'earlier-time' | 'canary-withdrawn';
export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface OutboxRow {
  id: string;
  /** The lease this sender holds on the row: every mark names it. */
  lease_id: string;
  message_uid: string;
  kind: MailKind;
  appointment_id: string | null;
  appointment_revision: number | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  ics: string | null;
  attempts: number;
  /** A reset email's request: its text (with a link minted then) is written at send time. */
  password_reset_id: string | null;
}

export interface NewMail {
  /** Names the mail once: `booked:<appointment>`, `reminder:<appointment>:<revision>`... */
  dedupeKey: string;
  kind: MailKind;
  appointmentId?: string;
  appointmentRevision?: number;
  recipient: string;
  /** For a password reset, only the subject is stored: its text is written at send time. */
  mail: RenderedMail;
  passwordResetId?: string;
}

/**
 * The lane a kind of mail waits in, lowest sent first: a reset (a patient waits for it on screen),
 * then reminders and earlier-time offers (due at a time), then confirmations. A backlog of one lane never holds up a lower one.
 */
export function laneOf(kind: MailKind): number {
  if (kind === 'password-reset') return 0;
  // A reminder is due at a time; a visit left outside the doctor's hours needs an answer before it;
  // an earlier time is gone once someone takes it or it starts (a burst of them never delays a reset).
  if (kind === 'reminder' || kind === 'stranded' || kind === 'earlier-time' || kind === 'canary-withdrawn') return 1;
  return 2;
}

/**
 * A done email keeps no text: the admin app shows its subject, status and times only, and a
 * body may hold what a reader of a backup should not see.
 */
const ERASE_BODY = `text_body = '', html_body = '', ics = NULL`;

/** Every API process's sender listens here; a NOTIFY sent in a transaction arrives when it commits. */
export const MAIL_CHANNEL = 'carebook_mail_queued';

/**
 * Queues one email, in the caller's transaction, and wakes the senders once it commits. `false`
 * when this mail (its `dedupeKey`) is queued already: the unique index decides, so two processes
 * cannot both queue it.
 */
export async function enqueueMail(db: Queryable, m: NewMail): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO mail_outbox (dedupe_key, kind, appointment_id, appointment_revision, recipient, subject, text_body, html_body, ics,
                              password_reset_id, lane)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [m.dedupeKey, m.kind, m.appointmentId ?? null, m.appointmentRevision ?? null, m.recipient, m.mail.subject, m.mail.text, m.mail.html, m.mail.ics,
      m.passwordResetId ?? null, laneOf(m.kind)],
  );
  if (rows.length === 0) return false;
  await db.query('SELECT pg_notify($1, $2)', [MAIL_CHANNEL, '']);
  return true;
}

/** A reminder still waiting for a visit that was just moved or cancelled will not go out. */
export async function skipPendingReminders(db: Queryable, appointmentId: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'skipped', last_error = 'the visit was moved or cancelled before the reminder went out', ${ERASE_BODY}
     WHERE appointment_id = $1 AND kind = 'reminder' AND status = 'pending'`,
    [appointmentId],
  );
}

/** A reminder waiting while its visit is held (stranded by a schedule change) tries again after this. */
export const HELD_REMINDER_RETRY_MS = 5 * 60_000;

/**
 * Takes up to `limit` due emails for this process, lowest lane first (and returns them in that order): each is leased for
 * `leaseSeconds` under a new lease id (another process skips it, and takes it over only once the
 * lease ran out: the sender renews it while it works) and its attempt counted. `SKIP LOCKED` lets
 * several processes claim at once without waiting on each other or taking the same row.
 */
export async function claimDueMails(db: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const rows = await db.query<OutboxRow & { lane: number }>(
    `UPDATE mail_outbox SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1, lease_id = gen_random_uuid()
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
       ORDER BY lane, id LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, lease_id::text AS lease_id, message_uid::text AS message_uid, kind, appointment_id, appointment_revision,
       recipient, subject, text_body, html_body, ics, attempts, password_reset_id::text AS password_reset_id, lane`,
    [limit, leaseSeconds],
  );
  // RETURNING has no order of its own: the sender works through the batch lane by lane, oldest first.
  return rows.sort((x, y) => x.lane - y.lane || Number(x.id) - Number(y.id));
}

/** A claimed row, named by the lease that claimed it: a mark with a lost lease changes nothing. */
export interface Leased {
  id: string;
  lease_id: string;
}

/** Extends the leases still held among `rows` by `leaseSeconds` from now; returns how many it extended. */
export async function renewLeases(db: Queryable, rows: readonly Leased[], leaseSeconds: number): Promise<number> {
  if (rows.length === 0) return 0;
  const renewed = await db.query(
    `UPDATE mail_outbox m SET locked_until = now() + make_interval(secs => $3)
     FROM unnest($1::bigint[], $2::uuid[]) AS held(id, lease_id)
     WHERE m.id = held.id AND m.lease_id = held.lease_id AND m.status = 'pending'
     RETURNING m.id`,
    [rows.map((r) => r.id), rows.map((r) => r.lease_id), leaseSeconds],
  );
  return renewed.length;
}

/** `false` when the lease was lost (another sender holds the row, or it was skipped meanwhile). */
export async function markSent(db: Queryable, row: Leased): Promise<boolean> {
  const rows = await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, ${ERASE_BODY}
     WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
    [row.id, row.lease_id],
  );
  return rows.length === 1;
}

/** Tries again after `delayMs`, keeping what went wrong for the admin app. */
export async function markRetry(db: Queryable, row: Leased, error: string, delayMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE mail_outbox SET locked_until = NULL, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
     WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
    [row.id, row.lease_id, error, delayMs / 1000],
  );
  return rows.length === 1;
}

/** Ends a mail for good: `failed` (the server refused it permanently) or `skipped` (no longer true). */
export async function markFinal(db: Queryable, row: Leased, status: 'failed' | 'skipped', reason: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE mail_outbox SET status = $3, locked_until = NULL, last_error = $4, ${ERASE_BODY}
     WHERE id = $1 AND lease_id = $2 AND status = 'pending' RETURNING id`,
    [row.id, row.lease_id, status, reason],
  );
  return rows.length === 1;
}

/** Gives back this process's claims at a clean stop, so another process sends them at once. */
export async function releaseLeases(db: Queryable, rows: readonly Leased[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE mail_outbox m SET locked_until = NULL
     FROM unnest($1::bigint[], $2::uuid[]) AS held(id, lease_id)
     WHERE m.id = held.id AND m.lease_id = held.lease_id AND m.status = 'pending'`,
    [rows.map((r) => r.id), rows.map((r) => r.lease_id)],
  );
}

/** Everything an appointment email says, with the patient's address. */
export interface AppointmentMailRow {
  id: string;
  slot_date: string;
  slot_time: string;
  doc_data: AppointmentDoctor;
  revision: number;
  cancelled: boolean;
  is_completed: boolean;
  user_name: string;
  user_email: string;
}

const MAIL_COLUMNS = `a.id, a.slot_date, a.slot_time, a.doc_data, a.revision, a.cancelled, a.is_completed,
  u.name AS user_name, u.email AS user_email`;

export async function findAppointmentForMail(db: Queryable, appointmentId: string): Promise<AppointmentMailRow | null> {
  const rows = await db.query<AppointmentMailRow>(
    `SELECT ${MAIL_COLUMNS} FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
    [appointmentId],
  );
  return rows[0] ?? null;
}

/**
 * Live visits that start from 1 hour to `hours` hours after `now` (the clinic's wall-clock slot,
 * read in `timeZone`) and have no reminder for their current time yet.
 */
export async function findVisitsDueReminder(
  db: Queryable,
  q: { now: Date; timeZone: string; hours: number; limit: number },
): Promise<AppointmentMailRow[]> {
  return db.query<AppointmentMailRow>(
    `SELECT ${MAIL_COLUMNS} FROM appointments a JOIN users u ON u.id = a.user_id
     WHERE NOT a.cancelled AND NOT a.is_completed
       AND a.slot_day BETWEEN ($1::timestamptz AT TIME ZONE $2)::date - 1 AND ($1::timestamptz AT TIME ZONE $2)::date + ($3::int / 24 + 2)
       AND ((a.slot_day + a.slot_time::time) AT TIME ZONE $2) BETWEEN $1::timestamptz + interval '1 hour' AND $1::timestamptz + make_interval(hours => $3)
       AND NOT a.stranded_held
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'reminder:' || a.id || ':' || a.revision)
     ORDER BY a.slot_day, a.slot_time LIMIT $4`,
    [q.now.toISOString(), q.timeZone, q.hours, q.limit],
  );
}

/**
 * Whether a queued reminder still speaks the truth: `due` when the visit is live, at the revision
 * it was written for, and has not started at `now`; `held` when it is all that but held (a schedule
 * change left it outside the doctor's times and nobody has decided yet); otherwise `gone`.
 */
export async function reminderStillDue(
  db: Queryable,
  appointmentId: string,
  revision: number,
  now: Date,
  timeZone: string,
): Promise<'due' | 'held' | 'gone'> {
  const rows = await db.query<{ due: boolean; held: boolean }>(
    `SELECT (NOT cancelled AND NOT is_completed AND revision = $2
             AND ((slot_day + slot_time::time) AT TIME ZONE $4) > $3::timestamptz) AS due, stranded_held AS held
     FROM appointments WHERE id = $1`,
    [appointmentId, revision, now.toISOString(), timeZone],
  );
  const row = rows[0];
  if (row?.due !== true) return 'gone';
  return row.held ? 'held' : 'due';
}

export interface SentMailRow {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

/** Every email of one appointment, oldest first, for the admin app. */
export async function listAppointmentMails(db: Queryable, appointmentId: string): Promise<SentMailRow[]> {
  return db.query<SentMailRow>(
    `SELECT id::text AS id, kind, recipient, subject, status, attempts, last_error, created_at, sent_at, next_attempt_at
     FROM mail_outbox WHERE appointment_id = $1 ORDER BY mail_outbox.id`,
    [appointmentId],
  );
}
