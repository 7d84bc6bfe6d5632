import type { AppointmentDoctor } from '@carebook/shared';
import type { Queryable } from '../db/db';

/** What reschedule, calendar and rating need to know about one of a patient's appointments. */
export interface OwnAppointmentRow {
  id: string;
  doctor_id: string;
  slot_date: string;
  slot_time: string;
  doc_data: AppointmentDoctor;
  cancelled: boolean;
  is_completed: boolean;
  revision: number;
}

/**
 * The appointment when it belongs to `userId`, else `null` (another patient's looks the same as a
 * missing one). `forUpdate` locks the row until the transaction ends, so a cancel or an admin's
 * "completed" cannot slip in between the checks and the move.
 */
export async function findOwnAppointment(
  db: Queryable,
  id: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OwnAppointmentRow | null> {
  const rows = await db.query<OwnAppointmentRow>(
    `SELECT id, doctor_id, slot_date, slot_time, doc_data, cancelled, is_completed, revision
     FROM appointments WHERE id = $1 AND user_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** The appointment whoever's it is (the clinic moves any patient's), with its patient; `null` when missing. */
export async function findAnyAppointment(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<(OwnAppointmentRow & { user_id: string }) | null> {
  const rows = await db.query<OwnAppointmentRow & { user_id: string }>(
    `SELECT id, user_id, doctor_id, slot_date, slot_time, doc_data, cancelled, is_completed, revision
     FROM appointments WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Moves a live appointment to another slot of its doctor. The partial unique index over live
 * appointments decides whether the new slot is free: a taken one fails with 23505, and in a
 * transaction nothing has changed. The old slot is free the moment this commits, since the same
 * row now holds the new one. A visit a schedule change had stranded is settled by the move (even
 * one kept earlier: the kept time is no longer its time).
 */
export async function moveAppointment(
  db: Queryable,
  a: { id: string; slotDate: string; slotTime: string; slotDay: string },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE appointments SET slot_date = $2, slot_time = $3, slot_day = $4::date, revision = revision + 1,
       stranded_answer = CASE WHEN stranded_told_at IS NOT NULL THEN 'moved' END, stranded_held = false
     WHERE id = $1 AND NOT cancelled AND NOT is_completed RETURNING id`,
    [a.id, a.slotDate, a.slotTime, a.slotDay],
  );
  return rows.length > 0;
}
