import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { refusalBody } from '../lib/http-error';
import type { Role, TokenSigner } from '../lib/tokens';
import { checkSession, type SessionDeps } from '../services/sessions';
import type { Audit } from './audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The patient's id (the admin's email for admin routes), set by the guards. */
    userId: string;
    /** The session the request's token names, set by the guards. */
    sessionId: string;
  }
}

/** The device and address a new session is recorded with. */
export function requestClient(request: FastifyRequest): { userAgent: string; ip: string } {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : '', ip: request.ip };
}

/**
 * The token from `Authorization: Bearer <jwt>`, or from a `token: <jwt>` header as clients of the
 * original API send it (`atoken` for its admin panel).
 */
export function readToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1];
  }
  for (const name of ['token', 'atoken']) {
    const value = request.headers[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/**
 * preHandler guards: 401 without a valid token of the role (patient: `notLoggedIn`) whose session
 * is open. The session is read from the database on every request (one indexed lookup, which also
 * refuses a patient whose account no longer exists), so an ended session is refused at once by
 * every API process; see `services/sessions.ts`.
 */
export function createGuards(signer: TokenSigner, db: Queryable, sessions: Pick<SessionDeps, 'policy' | 'now' | 'adminCredential'>, audit: Audit) {
  const guard = (role: Role, message: string) =>
    async function (request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = readToken(request);
      const claims = token ? await signer.verify(token, role) : null;
      const check = claims?.sessionId
        ? await checkSession(db, { sessionId: claims.sessionId, userId: claims.subject, role }, sessions)
        : null;
      if (!claims || !check?.ok) {
        // Every refused authorization is on the trail: by whom it was claimed, and why.
        const reason = !token ? 'no-token' : !claims ? 'invalid-token' : !check ? 'no-session' : check.ok ? 'refused' : check.reason;
        await audit(
          request,
          'auth.refused',
          { type: 'route', id: `${request.method} ${request.routeOptions.url ?? request.url}`, patientId: role === 'patient' ? (claims?.subject ?? null) : null },
          { role, reason },
        );
        await reply.status(401).send(refusalBody(401, message));
        return;
      }
      request.userId = claims.subject;
      request.sessionId = check.session.id;
      request.actorRole = role;
    };
  return {
    requirePatient: guard('patient', MESSAGES.notLoggedIn),
    requireAdmin: guard('admin', MESSAGES.adminOnly),
  };
}

export type Guards = ReturnType<typeof createGuards>;
