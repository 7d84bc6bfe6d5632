import { randomUUID, scryptSync } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Role, TokenSigner } from '../lib/tokens';

/**
 * Server-side sessions. Every login (patient register/login, admin login) starts one and its token
 * carries the session's id (`sid`). The guards look the session up on every authenticated request,
 * so ending a session refuses its token at once, on every API process sharing the database.
 *
 * A session ends when it is revoked (log out, "log out everywhere else", a password change, staff),
 * when it has not been used for `idleDays`, or `maxDays` after it started, whichever comes first.
 * An admin session also ends after 12 hours, as admin tokens always did.
 */
export interface SessionPolicy {
  idleDays: number;
  maxDays: number;
}

export interface SessionDeps {
  signer: TokenSigner;
  policy: SessionPolicy;
  now: () => Date;
  /**
   * The admin credential this process was started with, as {@link adminCredentialId}: an admin
   * session is valid only under the credential it was started with, so changing ADMIN_EMAIL or
   * ADMIN_PASSWORD ends every admin token on every process that runs with the new one.
   */
  adminCredential?: string | null;
}

/**
 * Names an admin credential without holding it: scrypt of the password, salted with the email
 * (slow on purpose, as the patients' password hashes are; computed once per process). Kept on each
 * admin session; the same on every process started with the same ADMIN_EMAIL and ADMIN_PASSWORD.
 */
export function adminCredentialId(admin: { email: string; password: string }): string {
  return scryptSync(admin.password, `carebook-admin-credential:${admin.email}`, 32).toString('hex');
}

export interface NewSession {
  role: Role;
  userId: string;
  userAgent: string;
  ip: string;
}

export interface StartedSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

export interface SessionRecord {
  id: string;
  role: Role;
  userId: string;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export type SessionCheck =
  | { ok: true; session: SessionRecord }
  | { ok: false; reason: 'unknown' | 'revoked' | 'idle' | 'expired' | 'account-gone' | 'credential-changed' };

/** Why a session was ended; kept on the row. */
export type RevokeReason = 'logout' | 'logout-others' | 'password-change' | 'password-reset' | 'staff';

const DAY_MS = 86_400_000;
const ADMIN_LIFETIME_MS = 12 * 3_600_000;
/** `last_used_at` is written at most this often per session (one UPDATE a minute, not one a request). */
export const LAST_USED_RESOLUTION_MS = 60_000;
const USER_AGENT_MAX = 512;

interface SessionRow {
  id: string;
  role: Role;
  user_id: string;
  user_agent: string;
  ip: string;
  created_at: Date | string;
  last_used_at: Date | string;
  expires_at: Date | string;
  credential: string | null;
}

const COLUMNS = 'id, role, user_id, user_agent, ip, created_at, last_used_at, expires_at, credential';

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    role: row.role,
    userId: row.user_id,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    expiresAt: new Date(row.expires_at),
  };
}

function lifetimeMs(role: Role, policy: SessionPolicy): number {
  const max = policy.maxDays * DAY_MS;
  return role === 'admin' ? Math.min(max, ADMIN_LIFETIME_MS) : max;
}

/** Records a new session and signs its token (which expires with the session). */
export async function startSession(db: Queryable, input: NewSession, deps: SessionDeps): Promise<StartedSession> {
  const sessionId = randomUUID();
  const now = deps.now();
  const lifetime = lifetimeMs(input.role, deps.policy);
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.query(
    `INSERT INTO sessions (id, role, user_id, user_agent, ip, created_at, last_used_at, expires_at, credential)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)`,
    [sessionId, input.role, input.userId, input.userAgent.slice(0, USER_AGENT_MAX), input.ip, now, expiresAt,
      input.role === 'admin' ? (deps.adminCredential ?? null) : null],
  );
  const token = await deps.signer.sign(input.userId, input.role, { sessionId, lifetimeSeconds: lifetime / 1000 });
  return { sessionId, token, expiresAt };
}

/**
 * Whether the session named by a token is open for `userId` in `role`. One indexed read (which
 * also checks that a patient's account still exists); when the session was last marked used more
 * than a minute ago, one UPDATE marks it used now.
 */
export async function checkSession(
  db: Queryable,
  claims: { sessionId: string; userId: string; role: Role },
  deps: Pick<SessionDeps, 'policy' | 'now' | 'adminCredential'>,
): Promise<SessionCheck> {
  const rows = await db.query<SessionRow & { revoked: boolean; account_ok: boolean }>(
    `SELECT ${COLUMNS}, revoked_at IS NOT NULL AS revoked,
            (role <> 'patient' OR EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)) AS account_ok
     FROM sessions s WHERE id = $1`,
    [claims.sessionId],
  );
  const row = rows[0];
  if (!row || row.user_id !== claims.userId || row.role !== claims.role) return { ok: false, reason: 'unknown' };
  if (row.revoked) return { ok: false, reason: 'revoked' };
  if (row.role === 'admin' && (row.credential === null || row.credential !== deps.adminCredential)) return { ok: false, reason: 'credential-changed' };
  if (!row.account_ok) return { ok: false, reason: 'account-gone' };
  const session = toRecord(row);
  const now = deps.now();
  if (session.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (now.getTime() - session.lastUsedAt.getTime() >= deps.policy.idleDays * DAY_MS) return { ok: false, reason: 'idle' };
  if (now.getTime() - session.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.query('UPDATE sessions SET last_used_at = $2 WHERE id = $1 AND last_used_at < $2', [session.id, now]);
    session.lastUsedAt = now;
  }
  return { ok: true, session };
}

/** Ends one session; `false` when it was unknown or already ended. */
export async function revokeSession(db: Queryable, sessionId: string, reason: RevokeReason = 'logout', now = new Date()): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [sessionId, now, reason],
  );
  return rows.length > 0;
}

/**
 * Ends every open session of `userId` (but `exceptSessionId`, the caller's own, when given).
 * Takes a transaction handle as well as the database, so a password change and the end of the
 * other sessions commit together. Returns how many sessions it ended.
 */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  options: { exceptSessionId?: string; reason?: RevokeReason; role?: Role; now?: Date } = {},
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $2, revoke_reason = $3
     WHERE user_id = $1 AND revoked_at IS NULL AND ($4::text IS NULL OR id <> $4) AND ($5::text IS NULL OR role = $5)
     RETURNING id`,
    [userId, options.now ?? new Date(), options.reason ?? 'logout-others', options.exceptSessionId ?? null, options.role ?? null],
  );
  return rows.length;
}

/** The sessions of `userId` still open at `now` (not ended, not idle, not expired), newest first. */
export async function listOpenSessions(
  db: Queryable,
  userId: string,
  options: { now?: Date; idleDays?: number; role?: Role } = {},
): Promise<SessionRecord[]> {
  const now = options.now ?? new Date();
  const idleSince = new Date(now.getTime() - (options.idleDays ?? 30) * DAY_MS);
  const rows = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM sessions
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_used_at > $3 AND ($4::text IS NULL OR role = $4)
     ORDER BY last_used_at DESC, created_at DESC`,
    [userId, now, idleSince, options.role ?? null],
  );
  return rows.map(toRecord);
}

/** One session by id (open or not), for checks such as "is this session the caller's?". */
export async function findSession(db: Queryable, sessionId: string): Promise<SessionRecord | null> {
  const rows = await db.query<SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE id = $1`, [sessionId]);
  return rows[0] ? toRecord(rows[0]) : null;
}
