import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../lib/http-error';
import { INVITE_LINK_DAYS, inviteMail, passwordResetMail, RESET_LINK_MINUTES, resetLink } from '../lib/mail-templates';
import { enqueueMail } from '../repositories/mail-outbox-repository';
import { revokeUserSessions } from './sessions';

/** Reset emails one address can cause per hour; further requests get the same answer and no email. */
export const RESETS_PER_EMAIL_PER_HOUR = 3;
/**
 * Every "forgot password" reply takes at least this long, whether or not the account exists (the
 * work for an existing one, a few inserts, is well inside it), so timing does not tell them apart.
 */
export const FORGOT_REPLY_MS = 400;
const HOUR_MS = 3_600_000;

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Records the request and, when `email` has an account and has not asked too often this hour,
 * stores a new link (its hash only) and queues its email, all in one transaction.
 */
export async function requestPasswordReset(db: Db, input: { email: string; now: Date; siteUrl: string }): Promise<void> {
  const { email, now } = input;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM password_reset_requests WHERE email = $1 AND requested_at < $2', [email, hourAgo]);
    await tx.query('INSERT INTO password_reset_requests (email, requested_at) VALUES ($1, $2)', [email, now]);
    const [counted] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_reset_requests WHERE email = $1 AND requested_at >= $2',
      [email, hourAgo],
    );
    const [user] = await tx.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE email = $1', [email]);
    if (!user || Number(counted?.n ?? 0) > RESETS_PER_EMAIL_PER_HOUR) return;
    const { token, tokenHash } = await storeLink(tx, user.id, now, RESET_LINK_MINUTES);
    await enqueueMail(tx, {
      dedupeKey: `password-reset:${tokenHash}`,
      kind: 'password-reset',
      recipient: email,
      mail: passwordResetMail(user.name, resetLink(input.siteUrl, token)),
    });
  });
}

/** Stores a new link of the account (its hash only), working for `minutes`; returns the token for the email. */
async function storeLink(tx: Queryable, userId: string, now: Date, minutes: number): Promise<{ token: string; tokenHash: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  await tx.query('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash,
    userId,
    now,
    new Date(now.getTime() + minutes * 60_000),
  ]);
  return { token, tokenHash };
}

/**
 * Invites a patient the clinic has just made an account for (a booking taken on the phone): a
 * link of the reset mechanism, working for {@link INVITE_LINK_DAYS} days, and its email, queued in
 * the caller's transaction so no invite goes out for an account that was rolled back.
 */
export async function queueInvite(tx: Queryable, input: { userId: string; name: string; email: string; now: Date; siteUrl: string }): Promise<void> {
  const { token, tokenHash } = await storeLink(tx, input.userId, input.now, INVITE_LINK_DAYS * 24 * 60);
  await enqueueMail(tx, {
    dedupeKey: `invite:${tokenHash}`,
    kind: 'password-reset',
    recipient: input.email,
    mail: inviteMail(input.name, resetLink(input.siteUrl, token)),
  });
}

async function claimLink(tx: Queryable, token: string, now: Date): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  const [link] = await tx.query<{ user_id: string; expires_at: Date; used_at: Date | null }>(
    'SELECT user_id, expires_at, used_at FROM password_resets WHERE token_hash = $1 FOR UPDATE',
    [hashResetToken(token)],
  );
  if (!link) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  if (link.used_at !== null) throw new HttpError(400, MESSAGES.resetLinkUsed);
  if (new Date(link.expires_at).getTime() <= now.getTime()) throw new HttpError(400, MESSAGES.resetLinkExpired);
  return link.user_id;
}

/**
 * Sets the new password with a link, once: in one transaction the link (and every other open link
 * of the account) is used up, the password replaced and every session of the account ended. The
 * caller then starts the new session. Refusals (400) change nothing. Returns the account's id.
 */
export async function resetPassword(db: Db, input: { token: string; passwordHash: string; now: Date }): Promise<string> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const userId = await claimLink(tx, input.token, now);
    await tx.query('UPDATE users SET password = $2 WHERE id = $1', [userId, input.passwordHash]);
    await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    await revokeUserSessions(tx, userId, { reason: 'password-reset', now });
    return userId;
  });
}
