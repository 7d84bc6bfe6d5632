import { MESSAGES } from '@carebook/shared';

/** A refusal with a status and a message the client may show as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A string field of a JSON body, or `''` when missing or not a string. */
export function stringField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

// Ids are ours: UUIDs (patients' bookings, doctors added by the admin) or `docNN` (the seed).
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * An id from a request: 400 `requiredField` when empty, 400 `invalid` when it cannot be one of
 * ours (too long, control characters...), so junk never reaches a query.
 */
export function checkId(value: string, invalid: string): string {
  if (value === '') throw new HttpError(400, MESSAGES.requiredField);
  if (!ID_PATTERN.test(value)) throw new HttpError(400, invalid);
  return value;
}
