import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';

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
