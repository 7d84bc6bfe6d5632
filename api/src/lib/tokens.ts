import { jwtVerify, SignJWT } from 'jose';

export type Role = 'patient' | 'admin';

/** What a valid token says: who, and which server-side session it belongs to. */
export interface TokenClaims {
  subject: string;
  /** The `sid` claim; `null` for a token issued before sessions existed (refused by the guards). */
  sessionId: string | null;
}

export interface TokenSigner {
  /** A token for `subject` naming session `sessionId`, valid for `lifetimeSeconds`. */
  sign(subject: string, role: Role, session: { sessionId: string; lifetimeSeconds: number }): Promise<string>;
  /** The claims when the token is valid, unexpired and carries `role`; otherwise `null`. */
  verify(token: string, role: Role): Promise<TokenClaims | null>;
}

const ISSUER = 'carebook-api';

/** HS256 JWTs with a role claim, so a patient token never opens the admin API (nor the reverse). */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign(subject, role, { sessionId, lifetimeSeconds }) {
      return new SignJWT({ role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${Math.max(1, Math.floor(lifetimeSeconds))}s`)
        .sign(key);
    },
    async verify(token, role) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (payload.role !== role || typeof payload.sub !== 'string') return null;
        return { subject: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
      } catch {
        return null;
      }
    },
  };
}
