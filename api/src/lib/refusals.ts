import { MESSAGES } from '@carebook/shared';
import type { Config } from '../config';
import { FOREIGN_KEY_VIOLATION, pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { HttpError } from './http-error';
import { PATIENT_TIME_INDEX } from './patient-limits';

/** The first message of a field-errors object, or `null` when there is none. */
export function firstError(errors: Record<string, string | undefined>): string | null {
  return Object.values(errors).find((message) => message !== undefined) ?? null;
}

export function tooMany(): HttpError {
  return new HttpError(429, MESSAGES.tooManyAttempts);
}

/** Route config of the login and sign-up calls (patients' and the admin's): per-IP attempts a minute. */
export function authRateLimit(config: Config) {
  return { rateLimit: { max: config.rateLimitAuthMax, timeWindow: '1 minute', errorResponseBuilder: tooMany } };
}

/**
 * A failed booking write as the patient should hear it: the doctor's slot index (taken), the
 * patient's same-time index (a parallel request of theirs won), or their account gone (401).
 */
export function bookingRefusal(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION) {
    return new HttpError(409, pgConstraint(error) === PATIENT_TIME_INDEX ? MESSAGES.sameTimeBooked : MESSAGES.slotTaken);
  }
  if (code === FOREIGN_KEY_VIOLATION) return new HttpError(401, MESSAGES.notLoggedIn);
  return error;
}

/** Why a conditional cancel changed nothing. */
export function cancelRefusal(state: { cancelled: boolean; is_completed: boolean } | null): HttpError {
  if (!state) return new HttpError(404, MESSAGES.appointmentNotFound);
  if (state.cancelled) return new HttpError(409, MESSAGES.alreadyCancelled);
  return new HttpError(409, MESSAGES.appointmentCompletedCannotCancel);
}
