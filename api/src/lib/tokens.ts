import { jwtVerify, SignJWT } from 'jose';

export type Role = 'patient' | 'admin';

export interface TokenSigner {
  sign(subject: string, role: Role): Promise<string>;
  /** The subject when the token is valid, unexpired and carries `role`; otherwise `null`. */
  verify(token: string, role: Role): Promise<string | null>;
}

const LIFETIME: Record<Role, string> = { patient: '7d', admin: '12h' };
const ISSUER = 'carebook-api';

/** HS256 JWTs with a role claim, so a patient token never opens the admin API (nor the reverse). */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign(subject, role) {
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME[role])
        .sign(key);
    },
    async verify(token, role) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return payload.role === role && typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
