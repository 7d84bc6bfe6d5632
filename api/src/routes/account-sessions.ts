import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, validatePassword } from '@carebook/shared';
import {
  changePasswordRequestSchema,
  messageReplySchema,
  sessionIdRequestSchema,
  sessionsEndedReplySchema,
  sessionsReplySchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { authRateLimit } from '../lib/refusals';
import { withErrors } from '../lib/reply-schemas';
import { toSessionReply } from '../services/session-replies';
import { findPasswordHash, setPasswordHash } from '../repositories/users-repository';
import { findSession, listOpenSessions, revokeSession, revokeUserSessions } from '../services/sessions';

/**
 * The patient's own sessions (My Profile): list them, log one device out, log out of every other
 * device, and change the password, which ends every other session in the same transaction.
 */
export async function accountSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, audit } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preValidation: guards.requirePatient };

  api.get('/api/v1/user/sessions', { ...guarded, schema: { response: withErrors({ 200: sessionsReplySchema }) } }, async (request) => {
    const sessions = await listOpenSessions(db, request.userId, { now: ctx.now(), idleDays: config.sessionIdleDays, role: 'patient' });
    return { success: true as const, sessions: sessions.map((s) => toSessionReply(s, request.sessionId)) };
  });

  /** One of the patient's own sessions (the current one too: that is logging out); 404 for any other. */
  api.post(
    '/api/v1/user/revoke-session',
    { ...guarded, schema: { body: sessionIdRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const { sessionId } = request.body;
      const session = await findSession(db, sessionId);
      if (!session || session.userId !== request.userId || session.role !== 'patient') throw new HttpError(404, MESSAGES.sessionNotFound);
      const ended = await db.transaction(async (tx) => {
        if (!(await revokeSession(tx, sessionId, 'logout', ctx.now()))) return false;
        await audit.within(tx, request, 'session.revoke', { type: 'session', id: sessionId }, { current: sessionId === request.sessionId });
        return true;
      });
      if (!ended) throw new HttpError(404, MESSAGES.sessionNotFound);
      return { success: true as const, message: MESSAGES.sessionEnded };
    },
  );

  /** Logging out ends the session on the server too, so its token is refused from now on. */
  api.post('/api/v1/user/logout', { ...guarded, schema: { response: withErrors({ 200: messageReplySchema }) } }, async (request) => {
    await db.transaction(async (tx) => {
      await revokeSession(tx, request.sessionId, 'logout', ctx.now());
      await audit.within(tx, request, 'auth.logout', { type: 'session', id: request.sessionId });
    });
    return { success: true as const, message: MESSAGES.loggedOut };
  });

  api.post(
    '/api/v1/user/revoke-other-sessions',
    { ...guarded, schema: { response: withErrors({ 200: sessionsEndedReplySchema }) } },
    async (request) => {
      const ended = await db.transaction(async (tx) => {
        const count = await revokeUserSessions(tx, request.userId, { exceptSessionId: request.sessionId, reason: 'logout-others', role: 'patient', now: ctx.now() });
        await audit.within(tx, request, 'session.revoke-others', { type: 'patient', id: request.userId }, { ended: count });
        return count;
      });
      return { success: true as const, message: MESSAGES.otherSessionsEnded, ended };
    },
  );

  /** 400 when the current password is wrong (not 401: the caller is logged in and stays so). */
  api.post(
    '/api/v1/user/change-password',
    { ...guarded, config: authRateLimit(config), schema: { body: changePasswordRequestSchema, response: withErrors({ 200: sessionsEndedReplySchema }) } },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const problem = validatePassword(newPassword);
      if (problem) throw new HttpError(400, problem);
      const stored = await findPasswordHash(db, request.userId);
      if (stored === null) throw new HttpError(401, MESSAGES.notLoggedIn);
      if (!(await verifyPassword(stored, currentPassword))) {
        await audit(request, 'account.password-change-failed', { type: 'patient', id: request.userId }, { reason: 'wrong-current-password' });
        throw new HttpError(400, MESSAGES.wrongCurrentPassword);
      }
      if (currentPassword === newPassword) throw new HttpError(400, MESSAGES.samePassword);
      const hash = await hashPassword(newPassword);
      const ended = await db.transaction(async (tx) => {
        if (!(await setPasswordHash(tx, request.userId, hash))) throw new HttpError(401, MESSAGES.notLoggedIn);
        const count = await revokeUserSessions(tx, request.userId, { exceptSessionId: request.sessionId, reason: 'password-change', now: ctx.now() });
        await audit.within(tx, request, 'account.password-change', { type: 'patient', id: request.userId }, { otherSessionsEnded: count });
        return count;
      });
      return { success: true as const, message: MESSAGES.passwordChanged, ended };
    },
  );
}
