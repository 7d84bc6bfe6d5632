import { errorReplySchema } from '@carebook/shared/contract';
import type { z } from 'zod';

/**
 * A route's reply schemas: its successes as given, and every refusal (guards, validation, the
 * error handler) as `{ success: false, message }`.
 */
export function withErrors<Success extends Record<number, z.ZodType>>(success: Success) {
  return { ...success, '4xx': errorReplySchema, '5xx': errorReplySchema };
}
