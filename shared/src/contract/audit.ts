import { z } from 'zod';
import { MESSAGES } from '../domain/messages';

const filterText = z.string({ error: MESSAGES.invalidAuditFilter }).optional();

/**
 * Staff's activity filters; empty values mean "any". `day` is `YYYY-MM-DD` in the clinic's
 * calendar; `before` pages back (the `nextBefore` of the previous page); `limit` 1-200 (50).
 */
export const auditQuerySchema = z.object({
  patientId: filterText,
  docId: filterText,
  appointmentId: filterText,
  action: filterText,
  day: filterText,
  before: filterText,
  limit: filterText,
});

/** One entry of the audit trail: who, what, when (UTC) and the request it came from. */
export const auditEntrySchema = z.object({
  seq: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  actor: z.object({ role: z.enum(['patient', 'admin', 'anonymous']), id: z.string(), name: z.string().nullable() }),
  ip: z.string(),
  requestId: z.string(),
  /** Dotted name: `appointment.cancel`, `auth.login-failed`, `doctor.update`, ... */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  patient: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  doctor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  appointmentId: z.string().nullable(),
  /** Changed fields: `{ field: { from, to } }`, or small facts such as `{ by: 'clinic' }`. */
  changes: z.record(z.string(), z.unknown()),
});

export const auditReplySchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; `null` on the last page. */
  nextBefore: z.number().int().nullable(),
});
