import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { HttpError } from './http-error';

/** Printable ASCII, as clients generate them (UUIDs, ULIDs, random strings). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCall {
  account: string;
  key: string;
  /** The call and its body: the same key with another request is a 422. */
  hash: string;
}

export interface StoredReply<Body = unknown> {
  status: number;
  body: Body;
}

/** Thrown inside the write's transaction when another request with the key committed first. */
export class KeyTakenError extends Error {}

/** The request's `Idempotency-Key` (none: null); a malformed key is a 400. Call after the guard. */
export function idempotentCall(request: FastifyRequest): IdempotentCall | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new HttpError(400, MESSAGES.invalidIdempotencyKey);
  const hash = createHash('sha256').update(request.routeOptions.url ?? request.url).update('\n').update(JSON.stringify(request.body ?? null)).digest('hex');
  return { account: request.userId, key: header, hash };
}

/** The reply first given to this key within 24 hours, or null; 422 when the key came with another request. */
export async function storedReply<Body>(db: Queryable, call: IdempotentCall): Promise<StoredReply<Body> | null> {
  const rows = await db.query<{ request_hash: string; status: number; reply: string }>(
    `SELECT request_hash, status, reply FROM idempotency_keys
     WHERE account_id = $1 AND key = $2 AND created_at > now() - interval '24 hours'`,
    [call.account, call.key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.request_hash !== call.hash) throw new HttpError(422, MESSAGES.idempotencyKeyReused);
  // Written by saveReply from the route's own reply: the same shape.
  return { status: row.status, body: JSON.parse(row.reply) as Body };
}

/**
 * Stores the reply first inside the write's transaction, claiming the key: a parallel request with
 * the key waits on the row until this transaction ends. A row older than 24 hours is taken over; a
 * live one means a request with the key committed first: {@link KeyTakenError} rolls this back.
 */
export async function saveReply(tx: Queryable, call: IdempotentCall, reply: StoredReply): Promise<void> {
  const rows = await tx.query(
    `INSERT INTO idempotency_keys (account_id, key, request_hash, status, reply) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, status = EXCLUDED.status, reply = EXCLUDED.reply, created_at = now()
       WHERE idempotency_keys.created_at <= now() - interval '24 hours'
     RETURNING key`,
    [call.account, call.key, call.hash, reply.status, JSON.stringify(reply.body)],
  );
  if (rows.length === 0) throw new KeyTakenError();
}

/** Expired rows one keyed write deletes at most (see {@link sweepExpiredKeys}). */
export const SWEEP_BATCH = 50;

/**
 * Deletes up to {@link SWEEP_BATCH} rows older than 24 hours, oldest first; returns how many. Run
 * after every write that stored a key: each such write adds one row and may take away fifty, so
 * the table holds about a day of keys however long the API runs, with no timer, on any number of
 * processes. Rows another transaction holds (a key being taken over) are skipped, never waited for.
 */
export async function sweepExpiredKeys(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM idempotency_keys WHERE (account_id, key) IN (
       SELECT account_id, key FROM idempotency_keys WHERE created_at <= now() - interval '24 hours'
       ORDER BY created_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING key`,
  );
  return rows.length;
}

/** What a write runs inside its own transaction besides the change. */
export interface TransactionHooks<Made> {
  /** First, before the change: storing an idempotent reply claims its key. */
  first?: (tx: Queryable) => Promise<void>;
  /** Last, once the change is made, just before the commit: its audit entry. */
  last?: (tx: Queryable, made: Made) => Promise<void>;
}

export interface IdempotentWrite<Body, Made> {
  /** The reply when this request makes the change; stored with the write when a key came. */
  reply: StoredReply<Body>;
  /**
   * The change (checks that refuse it may throw here too): both hooks must run in the write's
   * transaction, `first` before the change and `last` after it. Returns what the audit needs.
   */
  write(hooks: TransactionHooks<Made>): Promise<Made>;
  /**
   * Records the change in its transaction (run as `last`): only a request that makes the change
   * writes an entry, never a replay or a parallel twin whose write was rolled back.
   */
  audit(tx: Queryable, made: Made): Promise<void>;
}

/**
 * A booking write with safe retries (`Idempotency-Key`); call in the handler after the guard.
 * A key already answered within 24 hours gets that reply and nothing runs. Otherwise `write` runs
 * with the reply stored in its transaction; when a parallel request with the key committed first,
 * this write is rolled back and that reply returned. Returns the reply to send.
 */
export async function idempotentWrite<Body, Made>(db: Queryable, request: FastifyRequest, change: IdempotentWrite<Body, Made>): Promise<StoredReply<Body>> {
  const call = idempotentCall(request);
  const prior = call ? await storedReply<Body>(db, call) : null;
  if (prior) return prior;
  try {
    await change.write({ first: call ? (tx) => saveReply(tx, call, change.reply) : undefined, last: (tx, made) => change.audit(tx, made) });
  } catch (error) {
    const winner = call && error instanceof KeyTakenError ? await storedReply<Body>(db, call) : null;
    if (winner) return winner;
    throw error;
  }
  if (call) {
    // The change is made and its reply stored: tidying up must not turn it into an error.
    await sweepExpiredKeys(db).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency key sweep failed'));
  }
  return change.reply;
}
