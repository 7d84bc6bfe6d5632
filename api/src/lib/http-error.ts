import { MESSAGES, type MessageKey } from '@carebook/shared';
import { ID_PATTERN } from '@carebook/shared/contract';

/** Each product message's key, by its words: a refusal's `code` is the key of its message. */
const KEY_OF_MESSAGE: ReadonlyMap<string, MessageKey> = new Map(Object.entries(MESSAGES).map(([key, message]) => [message, key as MessageKey]));

/** The code of a refusal whose words are not one of the product's messages, by status. */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'requestTooLarge',
  415: 'unsupportedMediaType',
  422: 'unprocessable',
  429: 'tooManyRequests',
  503: 'unavailable',
};

/**
 * A refusal's stable code, for programs (the message is for people and may be reworded): the
 * given `code`, else the key of the product message it says (`slotTaken` for
 * `MESSAGES.slotTaken`), else one for its status.
 */
export function refusalCode(status: number, message: string, code?: string): string {
  return code ?? KEY_OF_MESSAGE.get(message) ?? CODE_OF_STATUS[status] ?? (status >= 500 ? 'somethingWentWrong' : 'badRequest');
}

/** Every refusal's body: `{ success: false, message, code }`. */
export function refusalBody(status: number, message: string, code?: string): { success: false; message: string; code: string } {
  return { success: false, message, code: refusalCode(status, message, code) };
}

/** A refusal with a status and a message the client may show as is; `code` when its words are built (a limit, a number). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
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
