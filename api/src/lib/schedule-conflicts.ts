import { hasSlotStarted, type Schedule, slotFitsSchedule } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { type AdminAppointmentRow, listAllAppointments } from '../repositories/appointments-repository';

/**
 * The doctor's upcoming (not started, not cancelled, not completed) appointments that fall outside
 * `schedule`, soonest first. A schedule change keeps them; staff see them and decide.
 */
export async function listScheduleConflicts(
  db: Queryable,
  request: { doctorId: string; schedule: Schedule; now: Date; timeZone: string; today: string },
): Promise<AdminAppointmentRow[]> {
  const { doctorId, schedule, now, timeZone, today } = request;
  const rows = await listAllAppointments(db, { doctorId, fromDay: today, status: 'upcoming' });
  return rows
    .filter((row) => !hasSlotStarted(row.slot_date, row.slot_time, now, timeZone) && !slotFitsSchedule(schedule, row.slot_date, row.slot_time, timeZone))
    .reverse();
}
