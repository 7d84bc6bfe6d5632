import { MESSAGES } from '@carebook/shared';
import { ID_PATTERN } from '@carebook/shared/contract';

/** A refusal with a status and a message the client may show as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An id from a form field, by the rule JSON bodies' schemas use (`idField`): 400 `requiredField`
 * when empty, 400 `invalid` when it cannot be one of ours, so junk never reaches a query.
 */
export function checkId(value: string, invalid: string): string {
  if (value === '') throw new HttpError(400, MESSAGES.requiredField);
  if (!ID_PATTERN.test(value)) throw new HttpError(400, invalid);
  return value;
}
