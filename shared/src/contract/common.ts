import { z } from 'zod';
import { MESSAGES } from '../domain/messages';

/**
 * Request schemas carry the product's own message for each way a field can be wrong (`error`), so
 * a refusal reads the same whether the schema or a domain rule caught it. The API's error handler
 * passes on only messages from `MESSAGES`; anything else becomes `badRequest`.
 */
export const requestBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: MESSAGES.badRequest });

/**
 * Every refusal and failure (4xx with a message meant for people, 5xx with a generic one): `message` in the product's words for people, `code` stable for programs (the key of
 * the product message, e.g. `slotTaken`, or one named for its status, e.g. `conflict`).
 */
export const errorReplySchema = z.object({ success: z.literal(false), message: z.string(), code: z.string() });

/** The envelope every reply shares; what a caller that only needs "did it work" reads. */
export const apiReplySchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** A success that only says so, in words the site may show. */
export const messageReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** A postal address as the site shows it: two free-text lines. */
export const addressSchema = z.object({ line1: z.string(), line2: z.string() });

// Ids are ours: UUIDs (bookings, doctors added by the admin) or `docNN` (the seed).
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An id in a request: `requiredField` when missing or empty, `invalid` when it cannot be one of ours. */
export function idField(invalid: string) {
  return z
    .string({ error: MESSAGES.requiredField })
    .min(1, { error: MESSAGES.requiredField })
    .regex(ID_PATTERN, { error: invalid });
}
