import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../lib/http-error';
import { INVITE_LINK_DAYS, INVITE_SUBJECT, inviteMail, PASSWORD_RESET_SUBJECT, passwordResetMail, RESET_LINK_MINUTES, type RenderedMail, resetLink } from '../lib/mail-templates';
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

/** What a link request is for: a password reset, or a new patient's invite from the desk. */
type LinkPurpose = 'reset' | 'invite';

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Records the request and, when `email` has an account and has not asked too often this hour,
 * ends the account's older open links and queues a reset email, all in one transaction. The
 * email refers to the request; its link is minted when it is sent ({@link mintResetMail}), so no
 * usable link is ever stored.
 */
export async function requestPasswordReset(db: Db, input: { email: string; now: Date }): Promise<void> {
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
    await tx.query('UPDATE password_resets SET superseded_at = $2 WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL', [
      user.id,
      now,
    ]);
    const resetId = await storeRequest(tx, { userId: user.id, now, minutes: RESET_LINK_MINUTES, purpose: 'reset' });
    await enqueueMail(tx, {
      dedupeKey: `password-reset:${resetId}`,
      kind: 'password-reset',
      recipient: email,
      mail: { subject: PASSWORD_RESET_SUBJECT, text: '', html: '', ics: null },
      passwordResetId: resetId,
    });
  });
}

/** A new open link request of the account; its token is minted when its email is sent. */
async function storeRequest(tx: Queryable, input: { userId: string; now: Date; minutes: number; purpose: LinkPurpose }): Promise<string> {
  const { userId, now, minutes, purpose } = input;
  const [reset] = await tx.query<{ id: string }>(
    'INSERT INTO password_resets (user_id, created_at, expires_at, purpose) VALUES ($1, $2, $3, $4) RETURNING id::text AS id',
    [userId, now, new Date(now.getTime() + minutes * 60_000), purpose],
  );
  if (!reset) throw new Error('the reset request was not stored');
  return reset.id;
}

/**
 * Invites a patient the clinic has just made an account for (a booking taken on the phone): a
 * link of the reset mechanism, working for {@link INVITE_LINK_DAYS} days, minted when its email is
 * sent like a reset's, queued in the caller's transaction so no invite goes out for an account
 * that was rolled back.
 */
export async function queueInvite(tx: Queryable, input: { userId: string; email: string; now: Date }): Promise<void> {
  const resetId = await storeRequest(tx, { userId: input.userId, now: input.now, minutes: INVITE_LINK_DAYS * 24 * 60, purpose: 'invite' });
  await enqueueMail(tx, {
    dedupeKey: `invite:${resetId}`,
    kind: 'password-reset',
    recipient: input.email,
    mail: { subject: INVITE_SUBJECT, text: '', html: '', ics: null },
    passwordResetId: resetId,
  });
}

/**
 * The email of link request `resetId` (a reset, or a new patient's invite), with a link minted
 * now: the link's hash replaces any earlier one (an attempt that failed mid-send leaves nothing
 * usable), in one transaction. `null` when the request no longer stands (used, superseded by a
 * newer one, or expired): nothing to send.
 */
export async function mintResetMail(db: Db, input: { resetId: string; now: Date; siteUrl: string }): Promise<RenderedMail | null> {
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ name: string; purpose: LinkPurpose; expires_at: Date; used_at: Date | null; superseded_at: Date | null }>(
      `SELECT u.name, r.purpose, r.expires_at, r.used_at, r.superseded_at FROM password_resets r JOIN users u ON u.id = r.user_id
       WHERE r.id = $1 FOR UPDATE OF r`,
      [input.resetId],
    );
    if (!reset || reset.used_at !== null || reset.superseded_at !== null) return null;
    if (new Date(reset.expires_at).getTime() <= input.now.getTime()) return null;
    const token = randomBytes(32).toString('base64url');
    await tx.query('UPDATE password_resets SET token_hash = $2 WHERE id = $1', [input.resetId, hashResetToken(token)]);
    const link = resetLink(input.siteUrl, token);
    return reset.purpose === 'invite' ? inviteMail(reset.name, link) : passwordResetMail(reset.name, link);
  });
}

async function claimLink(tx: Queryable, token: string, now: Date): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  const [link] = await tx.query<{ user_id: string; expires_at: Date; used_at: Date | null; superseded_at: Date | null }>(
    'SELECT user_id, expires_at, used_at, superseded_at FROM password_resets WHERE token_hash = $1 FOR UPDATE',
    [hashResetToken(token)],
  );
  if (!link) throw new HttpError(400, MESSAGES.resetLinkInvalid);
  if (link.used_at !== null) throw new HttpError(400, MESSAGES.resetLinkUsed);
  if (link.superseded_at !== null) throw new HttpError(400, MESSAGES.resetLinkSuperseded);
  if (new Date(link.expires_at).getTime() <= now.getTime()) throw new HttpError(400, MESSAGES.resetLinkExpired);
  return link.user_id;
}

/**
 * Sets the new password with a link, once: in one transaction the link (and every other open link
 * of the account) is used up, the password replaced, every session of the account ended, and then
 * `last` runs with the account's id (the caller starts the new session and writes its audit entry
 * there). Refusals (400) change nothing. Returns what `last` returns.
 */
export async function resetPassword<T>(
  db: Db,
  input: { token: string; passwordHash: string; now: Date },
  last: (tx: Queryable, userId: string) => Promise<T>,
): Promise<T> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const userId = await claimLink(tx, input.token, now);
    await tx.query('UPDATE users SET password = $2 WHERE id = $1', [userId, input.passwordHash]);
    await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    await revokeUserSessions(tx, userId, { reason: 'password-reset', now });
    return last(tx, userId);
  });
}
