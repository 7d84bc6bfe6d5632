import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@carebook/shared';
import {
  auditQuerySchema,
  auditReplySchema,
  messageReplySchema,
  patientSessionsQuerySchema,
  revokePatientSessionsRequestSchema,
  sessionIdRequestSchema,
  sessionsEndedReplySchema,
  sessionsReplySchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { auditFilter } from '../services/audit-query';
import { checkId, HttpError } from '../lib/http-error';
import { withErrors } from '../lib/reply-schemas';
import { toSessionReply } from '../services/session-replies';
import { findUser } from '../repositories/users-repository';
import { type NamedAuditEntry, readAudit } from '../services/audit';
import { findSession, listOpenSessions, revokeSession, revokeUserSessions } from '../services/sessions';

function toAuditReply(entry: NamedAuditEntry) {
  return {
    seq: entry.seq,
    at: entry.at.toISOString(),
    actor: { role: entry.actorRole, id: entry.actorId, name: entry.actorName },
    ip: entry.ip,
    requestId: entry.requestId,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    patient: entry.patientId ? { id: entry.patientId, name: entry.patientName } : null,
    doctor: entry.doctorId ? { id: entry.doctorId, name: entry.doctorName } : null,
    appointmentId: entry.appointmentId,
    changes: entry.changes,
  };
}

/**
 * Staff only (admin tokens; a patient token gets 401): the activity trail with filters and paging,
 * a patient's sessions and ending them, and the admin's own sessions.
 */
export async function adminActivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, audit } = ctx;
  if (!config.admin) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';
  const guarded = { preValidation: guards.requireAdmin };
  const openSessions = (userId: string, role: 'patient' | 'admin') =>
    listOpenSessions(db, userId, { now: ctx.now(), idleDays: config.sessionIdleDays, role });

  api.get(
    `${base}/audit`,
    { ...guarded, schema: { querystring: auditQuerySchema, response: withErrors({ 200: auditReplySchema }) } },
    async (request) => {
      const filter = auditFilter(request.query, config.clinicTimeZone);
      const entries = await readAudit(db, { ...filter, limit: filter.limit + 1 });
      const page = entries.slice(0, filter.limit);
      const nextBefore = entries.length > filter.limit ? (page[page.length - 1]?.seq ?? null) : null;
      return { success: true as const, entries: page.map(toAuditReply), nextBefore };
    },
  );

  api.get(
    `${base}/patient-sessions`,
    { ...guarded, schema: { querystring: patientSessionsQuerySchema, response: withErrors({ 200: sessionsReplySchema }) } },
    async (request) => {
      const userId = checkId(request.query.userId, MESSAGES.patientNotFound);
      if (!(await findUser(db, userId))) throw new HttpError(404, MESSAGES.patientNotFound);
      return { success: true as const, sessions: (await openSessions(userId, 'patient')).map((s) => toSessionReply(s, null)) };
    },
  );

  api.post(
    `${base}/revoke-patient-sessions`,
    { ...guarded, schema: { body: revokePatientSessionsRequestSchema, response: withErrors({ 200: sessionsEndedReplySchema }) } },
    async (request) => {
      const { userId, sessionId } = request.body;
      if (!(await findUser(db, userId))) throw new HttpError(404, MESSAGES.patientNotFound);
      if (sessionId) {
        const session = await findSession(db, sessionId);
        if (!session || session.userId !== userId || session.role !== 'patient') throw new HttpError(404, MESSAGES.sessionNotFound);
      }
      const ended = await db.transaction(async (tx) => {
        const count = sessionId
          ? Number(await revokeSession(tx, sessionId, 'staff', ctx.now()))
          : await revokeUserSessions(tx, userId, { reason: 'staff', role: 'patient', now: ctx.now() });
        await audit.within(tx, request, 'session.revoke-by-staff', { type: 'session', id: sessionId ?? '', patientId: userId }, { ended: count });
        return count;
      });
      return { success: true as const, message: MESSAGES.patientSessionsEnded, ended };
    },
  );

  api.get(`${base}/sessions`, { ...guarded, schema: { response: withErrors({ 200: sessionsReplySchema }) } }, async (request) => ({
    success: true as const,
    sessions: (await openSessions(request.userId, 'admin')).map((s) => toSessionReply(s, request.sessionId)),
  }));

  api.post(`${base}/logout`, { ...guarded, schema: { response: withErrors({ 200: messageReplySchema }) } }, async (request) => {
    await db.transaction(async (tx) => {
      await revokeSession(tx, request.sessionId, 'logout', ctx.now());
      await audit.within(tx, request, 'auth.logout', { type: 'session', id: request.sessionId });
    });
    return { success: true as const, message: MESSAGES.loggedOut };
  });

  /** One of the admin's own sessions (the current one is logging out). */
  api.post(
    `${base}/revoke-session`,
    { ...guarded, schema: { body: sessionIdRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const { sessionId } = request.body;
      const session = await findSession(db, sessionId);
      if (!session || session.userId !== request.userId || session.role !== 'admin') throw new HttpError(404, MESSAGES.sessionNotFound);
      const ended = await db.transaction(async (tx) => {
        if (!(await revokeSession(tx, sessionId, 'logout', ctx.now()))) return false;
        await audit.within(tx, request, 'session.revoke', { type: 'session', id: sessionId }, { current: sessionId === request.sessionId });
        return true;
      });
      if (!ended) throw new HttpError(404, MESSAGES.sessionNotFound);
      return { success: true as const, message: MESSAGES.sessionEnded };
    },
  );
}
