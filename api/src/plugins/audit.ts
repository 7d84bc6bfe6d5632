import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { type ActorRole, type AuditEntry, appendAudit, appendAuditIn } from '../services/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, set by the guards (and by login once it succeeds); unset means anonymous. */
    actorRole?: Exclude<ActorRole, 'anonymous'>;
  }
}

/** What an entry is about: a record, and the patient, doctor and appointment it concerns. */
export interface AuditTarget {
  type: string;
  id: string;
  patientId?: string | null;
  doctorId?: string | null;
  appointmentId?: string | null;
}

/**
 * `audit(request, action, target, changes?)` records who (the guarded caller, or anonymous with the
 * address), what (action, target, changed fields) and when (UTC), with the request id, in a
 * transaction of its own: only for events that change no record of ours (refusals: a failed login,
 * a refused token, a wrong current password); a failure to record is logged as an error and fails
 * nothing.
 *
 * `audit.within(tx, request, ...)` records a change in the change's own transaction, as its last
 * statement: the change and its entry commit together, so no crash leaves one without the other
 * (and a replayed Idempotency-Key, which changes nothing, writes nothing). A failure there rolls
 * the change back. Every change is recorded this way: appointments, doctors and their hours,
 * accounts, profiles, sessions (logins and logouts create and end them), ratings.
 */
export interface Audit {
  (request: FastifyRequest, action: string, target: AuditTarget, changes?: Record<string, unknown>): Promise<void>;
  within(tx: Queryable, request: FastifyRequest, action: string, target: AuditTarget, changes?: Record<string, unknown>): Promise<void>;
}

/** Keys whose values never reach the trail, at any depth: passwords, tokens, secrets, reset links. */
const SECRET_KEY = /pass(word)?|token|secret|reset|link|hash/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

export function createAudit(db: Db, options: { now: () => Date; enabled: boolean; log: FastifyBaseLogger }): Audit {
  const entryOf = (request: FastifyRequest, action: string, target: AuditTarget, changes: Record<string, unknown>): AuditEntry => {
    const actorRole: ActorRole = request.actorRole ?? 'anonymous';
    const actorId = request.actorRole ? request.userId : '';
    return {
      at: options.now(),
      actorRole,
      actorId,
      ip: request.ip,
      requestId: String(request.id),
      action,
      targetType: target.type,
      targetId: target.id,
      patientId: target.patientId ?? (actorRole === 'patient' ? actorId : null),
      doctorId: target.doctorId ?? null,
      appointmentId: target.appointmentId ?? null,
      changes: withoutSecrets(changes) as Record<string, unknown>,
    };
  };
  const audit: Audit = Object.assign(
    async (request: FastifyRequest, action: string, target: AuditTarget, changes: Record<string, unknown> = {}) => {
      if (!options.enabled) return;
      try {
        await appendAudit(db, entryOf(request, action, target, changes));
      } catch (error) {
        options.log.error({ err: error, action, requestId: request.id }, 'could not write the audit entry');
      }
    },
    {
      async within(tx: Queryable, request: FastifyRequest, action: string, target: AuditTarget, changes: Record<string, unknown> = {}) {
        if (!options.enabled) return;
        await appendAuditIn(tx, entryOf(request, action, target, changes));
      },
    },
  );
  return audit;
}
