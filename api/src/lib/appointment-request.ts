import { MESSAGES } from '@carebook/shared';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { HttpError, stringField } from './http-error';

/** Ids are ours (UUIDs for patients' bookings): anything longer is junk. */
export const MAX_APPOINTMENT_ID_LENGTH = 64;

/** `appointmentId` of a JSON body, or 400. */
export function appointmentIdField(body: unknown): string {
  return checkAppointmentId(stringField(body, 'appointmentId'));
}

export function checkAppointmentId(id: string): string {
  if (id === '' || id.length > MAX_APPOINTMENT_ID_LENGTH) throw new HttpError(400, MESSAGES.requiredField);
  return id;
}

/** The index that keeps a doctor's slot to one live appointment (migration 001). */
export const DOCTOR_SLOT_INDEX = 'appointments_live_slot_key';

/**
 * The unique index a failed write ran into, when it was a unique violation. node-postgres reports
 * it as `constraint`; the embedded driver passes only code and message, which names it.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return null;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (typeof constraint === 'string' && constraint) return constraint;
  const named = /unique constraint "([^"]+)"/.exec(error instanceof Error ? error.message : '');
  return named?.[1] ?? '';
}
