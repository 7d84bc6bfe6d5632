import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import type { Queryable } from '../db/db';
import type { Role, TokenSigner } from '../lib/tokens';
import { userExists } from '../repositories/users-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The patient's id, set by the patient guard. */
    userId: string;
  }
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
 * preHandler guards: 401 without a valid token of the role (patient: `notLoggedIn`). A patient
 * token whose account no longer exists is refused too (one indexed lookup per request).
 */
export function createGuards(signer: TokenSigner, db: Queryable) {
  const guard = (role: Role, message: string) =>
    async function (request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = readToken(request);
      let subject = token ? await signer.verify(token, role) : null;
      if (subject !== null && role === 'patient' && !(await userExists(db, subject))) subject = null;
      if (subject === null) {
        await reply.status(401).send({ success: false, message });
        return;
      }
      request.userId = subject;
    };
  return {
    requirePatient: guard('patient', MESSAGES.notLoggedIn),
    requireAdmin: guard('admin', MESSAGES.adminOnly),
  };
}

export type Guards = ReturnType<typeof createGuards>;
