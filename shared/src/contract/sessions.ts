import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { idField, requestBody } from './common';

/** One open session (a logged-in device), as My Profile and the admin app list them. */
export const sessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
  /** The browser's User-Agent as it was at login; may be empty. */
  userAgent: z.string(),
  ip: z.string(),
  /** ISO 8601 instants (UTC). */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});

export const sessionsReplySchema = z.object({ success: z.literal(true), sessions: z.array(sessionSchema) });

export const sessionIdRequestSchema = requestBody({ sessionId: idField(MESSAGES.sessionNotFound) });

/** How many sessions a "log out everywhere else" (or staff's "end sessions") ended. */
export const sessionsEndedReplySchema = z.object({ success: z.literal(true), message: z.string(), ended: z.number().int() });

export const changePasswordRequestSchema = requestBody({
  currentPassword: z.string({ error: MESSAGES.wrongCurrentPassword }),
  newPassword: z.string({ error: MESSAGES.shortPassword }),
});

/** Staff: a patient's sessions. */
export const patientSessionsQuerySchema = z.object({ userId: z.string({ error: MESSAGES.patientNotFound }) });

/** Staff: end one session of a patient (`sessionId`), or all of them (no `sessionId`). */
export const revokePatientSessionsRequestSchema = requestBody({
  userId: idField(MESSAGES.patientNotFound),
  sessionId: idField(MESSAGES.sessionNotFound).optional(),
});
