import type { AppointmentDoctor } from '@carebook/shared';
import type { Queryable } from '../db/db';
import type { RenderedMail } from '../lib/mail-templates';

export type MailKind = 'booked' | 'moved' | 'cancelled' | 'reminder' | 'password-reset' | 'earlier-time';
export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface OutboxRow {
  id: string;
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
}

export interface NewMail {
  /** Names the mail once: `booked:<appointment>`, `reminder:<appointment>:<revision>`... */
  dedupeKey: string;
  kind: MailKind;
  appointmentId?: string;
  appointmentRevision?: number;
  recipient: string;
  mail: RenderedMail;
}

/** Every API process's sender listens here; a NOTIFY sent in a transaction arrives when it commits. */
export const MAIL_CHANNEL = 'carebook_mail_queued';

/**
 * Queues one email, in the caller's transaction, and wakes the senders once it commits. `false`
 * when this mail (its `dedupeKey`) is queued already: the unique index decides, so two processes
 * cannot both queue it.
 */
export async function enqueueMail(db: Queryable, m: NewMail): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO mail_outbox (dedupe_key, kind, appointment_id, appointment_revision, recipient, subject, text_body, html_body, ics)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [m.dedupeKey, m.kind, m.appointmentId ?? null, m.appointmentRevision ?? null, m.recipient, m.mail.subject, m.mail.text, m.mail.html, m.mail.ics],
  );
  if (rows.length === 0) return false;
  await db.query('SELECT pg_notify($1, $2)', [MAIL_CHANNEL, '']);
  return true;
}

/** A reminder still waiting for a visit that was just moved or cancelled will not go out. */
export async function skipPendingReminders(db: Queryable, appointmentId: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'skipped', last_error = 'the visit was moved or cancelled before the reminder went out'
     WHERE appointment_id = $1 AND kind = 'reminder' AND status = 'pending'`,
    [appointmentId],
  );
}

/**
 * Takes up to `limit` due emails for this process: each is leased for `leaseSeconds` (another
 * process skips it, and takes it over only if this one dies mid-send) and its attempt counted.
 * `SKIP LOCKED` lets several processes claim at once without waiting on each other or taking the
 * same row; a row claimed meanwhile fails the re-checked lease condition.
 */
export async function claimDueMails(db: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `UPDATE mail_outbox SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
       ORDER BY id LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, message_uid::text AS message_uid, kind, appointment_id, appointment_revision, recipient, subject, text_body, html_body, ics, attempts`,
    [limit, leaseSeconds],
  );
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`, [id]);
}

/** Tries again after `delayMs`, keeping what went wrong for the admin app. */
export async function markRetry(db: Queryable, id: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET locked_until = NULL, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
    [id, error, delayMs / 1000],
  );
}

/** Ends a mail for good: `failed` (the server refused it permanently) or `skipped` (no longer true). */
export async function markFinal(db: Queryable, id: string, status: 'failed' | 'skipped', reason: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET status = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [id, status, reason]);
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
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'reminder:' || a.id || ':' || a.revision)
     ORDER BY a.slot_day, a.slot_time LIMIT $4`,
    [q.now.toISOString(), q.timeZone, q.hours, q.limit],
  );
}

/**
 * Whether a queued reminder still speaks the truth: the visit is live, at the revision it was
 * written for, and has not started at `now`.
 */
export async function reminderStillDue(db: Queryable, appointmentId: string, revision: number, now: Date, timeZone: string): Promise<boolean> {
  const rows = await db.query<{ due: boolean }>(
    `SELECT (NOT cancelled AND NOT is_completed AND revision = $2
             AND ((slot_day + slot_time::time) AT TIME ZONE $4) > $3::timestamptz) AS due
     FROM appointments WHERE id = $1`,
    [appointmentId, revision, now.toISOString(), timeZone],
  );
  return rows[0]?.due === true;
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
