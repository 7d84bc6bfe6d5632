import type { AppointmentDoctor } from '@carebook/shared';
import type { Queryable } from '../db/db';

export interface AppointmentRow {
  id: string;
  user_id: string;
  doctor_id: string;
  slot_date: string;
  slot_time: string;
  doc_data: AppointmentDoctor;
  amount: number;
  cancelled: boolean;
  payment: boolean;
  is_completed: boolean;
  created_at: Date;
}

export interface AdminAppointmentRow extends AppointmentRow {
  user_name: string;
  user_email: string;
  user_phone: string;
  user_image: string;
  /** When the patient was emailed that a schedule change left the visit outside the doctor's times. */
  stranded_told_at: Date | string | null;
  stranded_held: boolean;
  stranded_answer: StrandedAnswer | null;
  missed_at: Date | null;
  /** The patient's misses that count toward the no-show limit (marked since staff last lifted it). */
  patient_missed: number;
}

export type StrandedAnswer = 'kept-by-patient' | 'kept-by-staff' | 'moved';

/** The patient's own list: whether the visit waits for their answer to a schedule change, and the answer. */
export interface PatientAppointmentRow extends AppointmentRow {
  stranded_held: boolean;
  stranded_answer: StrandedAnswer | null;
}

/** The patient has been told; the visit's reminder waits until someone decides. */
export async function holdStrandedVisit(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE appointments SET stranded_told_at = $2, stranded_held = true, stranded_answer = NULL WHERE id = $1', [id, now]);
}

/**
 * Keeps a held visit at its time (with `userId`, only that patient's); its reminder goes out as
 * usual from then on. `false` when there was no such held, live visit.
 */
export async function keepStrandedVisit(db: Queryable, id: string, answer: 'kept-by-patient' | 'kept-by-staff', userId?: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE appointments SET stranded_held = false, stranded_answer = $2
     WHERE id = $1 AND stranded_held AND NOT cancelled AND NOT is_completed AND ($3::text IS NULL OR user_id = $3) RETURNING id`,
    [id, answer, userId ?? null],
  );
  return rows.length > 0;
}

const COLUMNS = 'a.id, a.user_id, a.doctor_id, a.slot_date, a.slot_time, a.doc_data, a.amount, a.cancelled, a.payment, a.is_completed, a.created_at';
const NEWEST_FIRST = 'ORDER BY a.slot_day DESC, a.slot_time DESC, a.created_at DESC, a.id';

/**
 * Books a slot. The partial unique index makes a second live booking of the same doctor, day and
 * time fail with 23505, whatever the timing: the caller turns that into 409.
 */
export async function insertAppointment(
  db: Queryable,
  a: { id: string; userId: string; doctorId: string; slotDate: string; slotTime: string; slotDay: string; docData: AppointmentDoctor; amount: number },
): Promise<void> {
  await db.query(
    `INSERT INTO appointments (id, user_id, doctor_id, slot_date, slot_time, slot_day, doc_data, amount)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::jsonb, $8)`,
    [a.id, a.userId, a.doctorId, a.slotDate, a.slotTime, a.slotDay, JSON.stringify(a.docData), a.amount],
  );
}

/** The patient's appointments, each with whether a schedule change left it waiting for their answer. */
export async function listUserAppointments(db: Queryable, userId: string): Promise<PatientAppointmentRow[]> {
  return db.query<PatientAppointmentRow>(
    `SELECT ${COLUMNS}, a.stranded_held, a.stranded_answer FROM appointments a WHERE a.user_id = $1 ${NEWEST_FIRST}`,
    [userId],
  );
}

export type AppointmentStatusFilter = 'upcoming' | 'completed' | 'cancelled';

/** What the admin list may be narrowed to; every part optional. Days are `YYYY-MM-DD`, inclusive. */
export interface AppointmentFilter {
  doctorId?: string;
  fromDay?: string;
  toDay?: string;
  status?: AppointmentStatusFilter;
}

/** Every appointment with who booked it, newest slot first, narrowed by `filter`. */
export async function listAllAppointments(db: Queryable, filter: AppointmentFilter = {}): Promise<AdminAppointmentRow[]> {
  return db.query<AdminAppointmentRow>(
    `SELECT ${COLUMNS}, u.name AS user_name, u.email AS user_email, u.phone AS user_phone, u.image AS user_image,
            a.stranded_told_at, a.stranded_held, a.stranded_answer, a.missed_at,
            (SELECT count(*) FROM appointments m WHERE m.user_id = a.user_id AND m.missed_at IS NOT NULL
               AND (u.no_show_lifted_at IS NULL OR m.missed_at > u.no_show_lifted_at))::int AS patient_missed
     FROM appointments a JOIN users u ON u.id = a.user_id
     WHERE ($1::text IS NULL OR a.doctor_id = $1)
       AND ($2::date IS NULL OR a.slot_day >= $2::date)
       AND ($3::date IS NULL OR a.slot_day <= $3::date)
       AND ($4::text IS NULL
         OR ($4 = 'cancelled' AND a.cancelled)
         OR ($4 = 'completed' AND a.is_completed AND NOT a.cancelled)
         OR ($4 = 'upcoming' AND NOT a.cancelled AND NOT a.is_completed))
     ${NEWEST_FIRST}`,
    [filter.doctorId ?? null, filter.fromDay ?? null, filter.toDay ?? null, filter.status ?? null],
  );
}

export type AppointmentState = { cancelled: boolean; is_completed: boolean; payment: boolean };

/** State of one appointment; with `userId`, only when it belongs to that patient. */
export async function findAppointmentState(db: Queryable, id: string, userId?: string): Promise<AppointmentState | null> {
  const rows = await db.query<AppointmentState>(
    `SELECT cancelled, is_completed, payment FROM appointments WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)`,
    [id, userId ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Cancels when still live and not completed; the condition is in the UPDATE, so two cancels
 * racing cannot both succeed. `true` when this call cancelled it. With `userId`, only that
 * patient's appointment.
 */
export async function cancelAppointment(db: Queryable, id: string, userId?: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE appointments SET cancelled = true
     WHERE id = $1 AND ($2::text IS NULL OR user_id = $2) AND NOT cancelled AND NOT is_completed RETURNING id`,
    [id, userId ?? null],
  );
  return rows.length > 0;
}

export async function markPaid(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE appointments SET payment = true WHERE id = $1 AND NOT cancelled RETURNING id', [id]);
  return rows.length > 0;
}

export async function markCompleted(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE appointments SET is_completed = true WHERE id = $1 AND NOT cancelled RETURNING id',
    [id],
  );
  return rows.length > 0;
}

/**
 * For the per-patient limits, in one round trip: whether the patient holds a live appointment at
 * that day and time (any doctor), and how many upcoming ones they hold (live, not completed,
 * starting after `today` `time`, i.e. `YYYY-MM-DD`, `HH:mm` in the clinic's zone; `HH:mm` text
 * orders like the times it names). `exceptId` (an appointment being moved) counts for neither.
 */
export async function patientBookingState(
  db: Queryable,
  q: { userId: string; slotDate: string; slotTime: string; today: string; time: string; exceptId: string | null },
): Promise<{ clash: boolean; upcoming: number }> {
  const rows = await db.query<{ clash: boolean; upcoming: number }>(
    `SELECT
       coalesce(bool_or(slot_date = $2 AND slot_time = $3), false) AS clash,
       (count(*) FILTER (WHERE NOT is_completed AND (slot_day, slot_time) > ($4::date, $5::text)))::int AS upcoming
     FROM appointments
     WHERE user_id = $1 AND NOT cancelled AND ($6::text IS NULL OR id <> $6)`,
    [q.userId, q.slotDate, q.slotTime, q.today, q.time, q.exceptId],
  );
  return { clash: rows[0]?.clash === true, upcoming: Number(rows[0]?.upcoming ?? 0) };
}

/** Whose appointment it is, with which doctor, and its state: what an audit entry of a change names. */
export async function findAppointmentParties(
  db: Queryable,
  id: string,
): Promise<{ user_id: string; doctor_id: string; payment: boolean; is_completed: boolean; cancelled: boolean } | null> {
  const rows = await db.query<{ user_id: string; doctor_id: string; payment: boolean; is_completed: boolean; cancelled: boolean }>(
    'SELECT user_id, doctor_id, payment, is_completed, cancelled FROM appointments WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Which doctor and time an appointment holds (or held): what a freed time is offered as. */
export async function findAppointmentSlot(db: Queryable, id: string): Promise<{ doctorId: string; slotDate: string; slotTime: string } | null> {
  const rows = await db.query<{ doctorId: string; slotDate: string; slotTime: string }>(
    'SELECT doctor_id AS "doctorId", slot_date AS "slotDate", slot_time AS "slotTime" FROM appointments WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
