import { clinicWallClock, MESSAGES, toIsoDate, tooManyUpcomingMessage } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { patientBookingState } from '../repositories/appointments-repository';
import { lockUser } from '../repositories/users-repository';
import { HttpError } from './http-error';

export interface PatientLimitCheck {
  userId: string;
  /** The slot the patient wants, wire form (`5_1_2027`, `14:30`). */
  slotDate: string;
  slotTime: string;
  now: Date;
  timeZone: string;
  /** MAX_UPCOMING_PER_PATIENT. */
  max: number;
  /** An appointment being moved (reschedule): it neither clashes nor counts. */
  exceptAppointmentId?: string;
}

/** The index that keeps one patient from holding two live appointments at one time. */
export const PATIENT_TIME_INDEX = 'appointments_patient_time_key';

/**
 * The per-patient rules, checked inside the booking (or rescheduling) transaction before its write:
 * 401 when the user no longer exists, 409 when they already hold an appointment at that time or
 * hold `max` upcoming ones. The user's row is locked first, so two requests of one patient are
 * decided one after the other, on one process or several. The same-time rule is also a unique
 * index (see `PATIENT_TIME_INDEX`); the check here only gives it its clear message early.
 */
export async function enforcePatientLimits(tx: Queryable, check: PatientLimitCheck): Promise<void> {
  if (!(await lockUser(tx, check.userId))) throw new HttpError(401, MESSAGES.notLoggedIn);
  const clock = clinicWallClock(check.now, check.timeZone);
  const minutes = Math.floor(clock.minutes);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const state = await patientBookingState(tx, {
    userId: check.userId,
    slotDate: check.slotDate,
    slotTime: check.slotTime,
    today: toIsoDate(clock),
    time,
    exceptId: check.exceptAppointmentId ?? null,
  });
  if (state.clash) throw new HttpError(409, MESSAGES.sameTimeBooked);
  if (state.upcoming >= check.max) throw new HttpError(409, tooManyUpcomingMessage(check.max), 'tooManyUpcoming');
}
