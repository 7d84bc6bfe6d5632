import type { AppointmentDoctor } from '@carebook/shared';
import type { Queryable } from '../db/db';

export type PartOfDay = 'any' | 'morning' | 'afternoon';

/** An open request with what deciding an offer needs: the patient, and the visit it would move. */
export interface OpenRequestRow {
  id: string;
  user_id: string;
  doctor_id: string;
  appointment_id: string | null;
  before_day: string | null;
  weekdays: string[];
  part_of_day: PartOfDay;
  created_at: Date;
  user_name: string;
  user_email: string;
  /** The visit's slot, when the request names one (`null` for a request from the doctor's page). */
  slot_date: string | null;
  slot_time: string | null;
  doc_data: AppointmentDoctor | null;
}

const REQUEST_COLUMNS = `r.id, r.user_id, r.doctor_id, r.appointment_id, to_char(r.before_day, 'YYYY-MM-DD') AS before_day,
  r.weekdays, r.part_of_day, r.created_at, u.name AS user_name, u.email AS user_email,
  a.slot_date, a.slot_time, a.doc_data`;

/** 23505 on `waitlist_requests_open_key` when the patient already waits for this doctor. */
export async function insertRequest(
  db: Queryable,
  r: { id: string; userId: string; doctorId: string; appointmentId: string | null; beforeDay: string | null; weekdays: string[]; partOfDay: PartOfDay; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO waitlist_requests (id, user_id, doctor_id, appointment_id, before_day, weekdays, part_of_day, created_at)
     VALUES ($1, $2, $3, $4, $5::date, $6::text[], $7, $8)`,
    [r.id, r.userId, r.doctorId, r.appointmentId, r.beforeDay, r.weekdays, r.partOfDay, r.now.toISOString()],
  );
}

/** Open requests of one doctor (oldest first) or of one patient (`userId`). */
export async function listOpenRequests(db: Queryable, by: { doctorId?: string; userId?: string }): Promise<OpenRequestRow[]> {
  return db.query<OpenRequestRow>(
    `SELECT ${REQUEST_COLUMNS}
     FROM waitlist_requests r JOIN users u ON u.id = r.user_id LEFT JOIN appointments a ON a.id = r.appointment_id
     WHERE r.ended_at IS NULL AND ($1::text IS NULL OR r.doctor_id = $1) AND ($2::text IS NULL OR r.user_id = $2)
     ORDER BY r.created_at, r.id`,
    [by.doctorId ?? null, by.userId ?? null],
  );
}

/**
 * Ends open requests that no longer wait for anything: their visit was cancelled, completed or has
 * started, or their "before" day has come. Run before requests are listed or offered to.
 */
export async function endStaleRequests(db: Queryable, q: { now: Date; timeZone: string; doctorId?: string; userId?: string }): Promise<void> {
  await db.query(
    `UPDATE waitlist_requests r SET ended_at = $1::timestamptz,
       ended_reason = CASE WHEN a.cancelled THEN 'visit-cancelled' ELSE 'visit-passed' END
     FROM appointments a
     WHERE a.id = r.appointment_id AND r.ended_at IS NULL
       AND ($3::text IS NULL OR r.doctor_id = $3) AND ($4::text IS NULL OR r.user_id = $4)
       AND (a.cancelled OR a.is_completed OR ((a.slot_day + a.slot_time::time) AT TIME ZONE $2) <= $1::timestamptz)`,
    [q.now.toISOString(), q.timeZone, q.doctorId ?? null, q.userId ?? null],
  );
  await db.query(
    `UPDATE waitlist_requests SET ended_at = $1::timestamptz, ended_reason = 'before-passed'
     WHERE ended_at IS NULL AND before_day IS NOT NULL AND before_day <= ($1::timestamptz AT TIME ZONE $2)::date
       AND ($3::text IS NULL OR doctor_id = $3) AND ($4::text IS NULL OR user_id = $4)`,
    [q.now.toISOString(), q.timeZone, q.doctorId ?? null, q.userId ?? null],
  );
}

/** `true` when this call ended it (only the patient's own, still open). */
export async function endRequest(db: Queryable, id: string, userId: string | null, reason: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE waitlist_requests SET ended_at = $4, ended_reason = $3
     WHERE id = $1 AND ($2::text IS NULL OR user_id = $2) AND ended_at IS NULL RETURNING id`,
    [id, userId, reason, now.toISOString()],
  );
  return rows.length > 0;
}

/** Ends the requests waiting to move this visit (it was cancelled). */
export async function endRequestsOfAppointment(db: Queryable, appointmentId: string, reason: string, now: Date): Promise<void> {
  await db.query('UPDATE waitlist_requests SET ended_at = $3, ended_reason = $2 WHERE appointment_id = $1 AND ended_at IS NULL', [
    appointmentId,
    reason,
    now.toISOString(),
  ]);
}

/**
 * A patient who asked on the doctor's page and then booked with that doctor now waits to move that
 * visit: the request keeps going, earlier than the booked time.
 */
export async function attachRequestToBooking(db: Queryable, q: { userId: string; doctorId: string; appointmentId: string }): Promise<void> {
  await db.query(
    `UPDATE waitlist_requests SET appointment_id = $3
     WHERE user_id = $1 AND doctor_id = $2 AND ended_at IS NULL AND appointment_id IS NULL`,
    [q.userId, q.doctorId, q.appointmentId],
  );
}

/**
 * Records one offer; `false` when this request was offered this time already (the unique key
 * decides, so a second freeing or a second process sends nothing twice).
 */
export async function insertOffer(
  db: Queryable,
  o: { id: string; requestId: string; userId: string; doctorId: string; slotDate: string; slotTime: string; slotDay: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO waitlist_offers (id, request_id, user_id, doctor_id, slot_date, slot_time, slot_day, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9)
     ON CONFLICT (request_id, slot_date, slot_time) DO NOTHING RETURNING id`,
    [o.id, o.requestId, o.userId, o.doctorId, o.slotDate, o.slotTime, o.slotDay, o.now.toISOString(), o.expiresAt.toISOString()],
  );
  return rows.length > 0;
}

export interface OfferRow {
  id: string;
  request_id: string;
  user_id: string;
  doctor_id: string;
  slot_date: string;
  slot_time: string;
  expires_at: Date;
  taken_at: Date | null;
  request_ended: boolean;
  appointment_id: string | null;
  /** Someone holds the offered time now (another patient took it, or booked it). */
  slot_held: boolean;
}

/** One offer with its request's state; with `forUpdate`, the offer row stays locked (a take). */
export async function findOffer(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<OfferRow | null> {
  const rows = await db.query<OfferRow>(
    `SELECT o.id, o.request_id, o.user_id, o.doctor_id, o.slot_date, o.slot_time, o.expires_at, o.taken_at,
       (r.ended_at IS NOT NULL) AS request_ended, r.appointment_id,
       EXISTS (SELECT 1 FROM appointments x WHERE x.doctor_id = o.doctor_id AND x.slot_date = o.slot_date
               AND x.slot_time = o.slot_time AND NOT x.cancelled) AS slot_held
     FROM waitlist_offers o JOIN waitlist_requests r ON r.id = o.request_id
     WHERE o.id = $1 ${options.forUpdate ? 'FOR UPDATE OF o' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markOfferTaken(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE waitlist_offers SET taken_at = $2 WHERE id = $1', [id, now.toISOString()]);
}

export interface WaitlistFigures {
  doctor_id: string;
  name: string;
  open_requests: number;
  offered: number;
  taken: number;
  missed: number;
}

/** Per doctor: open requests now; offers made, offers taken and visits missed since `since`. */
export async function waitlistFigures(db: Queryable, since: Date): Promise<WaitlistFigures[]> {
  return db.query<WaitlistFigures>(
    `SELECT d.id AS doctor_id, d.name,
       (SELECT count(*) FROM waitlist_requests r WHERE r.doctor_id = d.id AND r.ended_at IS NULL)::int AS open_requests,
       (SELECT count(*) FROM waitlist_offers o WHERE o.doctor_id = d.id AND o.created_at >= $1)::int AS offered,
       (SELECT count(*) FROM waitlist_offers o WHERE o.doctor_id = d.id AND o.taken_at >= $1)::int AS taken,
       (SELECT count(*) FROM appointments a WHERE a.doctor_id = d.id AND a.missed_at >= $1)::int AS missed
     FROM doctors d ORDER BY d.name, d.id`,
    [since.toISOString()],
  );
}

/** Whether a live appointment holds this doctor's time. */
export async function isSlotHeld(db: Queryable, slot: { doctorId: string; slotDate: string; slotTime: string }): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM appointments WHERE doctor_id = $1 AND slot_date = $2 AND slot_time = $3 AND NOT cancelled',
    [slot.doctorId, slot.slotDate, slot.slotTime],
  );
  return rows.length > 0;
}
