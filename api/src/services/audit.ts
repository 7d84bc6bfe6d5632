import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

/**
 * The audit trail (table `audit_log`, migration 005-audit.sql): append-only and hash-chained.
 * Entries are numbered 1, 2, 3, ... under a transaction-level advisory lock, so the chain has one
 * order on every API process; each entry's `hash` covers its fields and the previous entry's hash.
 * An audited change appends its entry in its own transaction, as the last statement before the
 * commit ({@link appendAuditIn}): the change and its entry commit together or not at all, and the
 * lock is held only from the append to the commit, never while the change waits for its rows.
 * Values written here are never secrets: callers pass field names and small values, never
 * passwords, tokens or reset links (see `plugins/audit.ts`, which strips such keys).
 */
export type ActorRole = 'patient' | 'admin' | 'anonymous';

export interface AuditEntry {
  at: Date;
  actorRole: ActorRole;
  actorId: string;
  ip: string;
  requestId: string;
  action: string;
  targetType: string;
  targetId: string;
  patientId: string | null;
  doctorId: string | null;
  appointmentId: string | null;
  /** Field name -> `{ from, to }` (or a plain small value). Stored as the JSON text that is hashed. */
  changes: Record<string, unknown>;
}

export interface StoredAuditEntry extends AuditEntry {
  seq: number;
  prevHash: string;
  hash: string;
}

/** The `prev_hash` of entry 1. */
export const GENESIS_HASH = '0'.repeat(64);
/** Any fixed number, distinct from the migration lock's; every API process agrees on it. */
const AUDIT_LOCK_KEY = 4_000_005;

interface AuditRow {
  seq: string | number;
  at: Date | string;
  actor_role: ActorRole;
  actor_id: string;
  ip: string;
  request_id: string;
  action: string;
  target_type: string;
  target_id: string;
  patient_id: string | null;
  doctor_id: string | null;
  appointment_id: string | null;
  changes: string;
  prev_hash: string;
  hash: string;
}

/** The hash of one entry: SHA-256 over its fields in a fixed order, and the previous hash. */
export function entryHash(seq: number, entry: Omit<AuditEntry, 'changes'>, changesJson: string, prevHash: string): string {
  const fields = [
    seq,
    entry.at.toISOString(),
    entry.actorRole,
    entry.actorId,
    entry.ip,
    entry.requestId,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.patientId,
    entry.doctorId,
    entry.appointmentId,
    changesJson,
    prevHash,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Appends one entry at the end of the chain, in a transaction of its own; returns its number. */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<number> {
  return db.transaction((tx) => appendAuditIn(tx, entry));
}

/**
 * Appends one entry in the caller's transaction (call it last, just before the commit: the chain's
 * lock is held until then); returns its number. Rolled back with the change it records.
 */
export async function appendAuditIn(tx: Queryable, entry: AuditEntry): Promise<number> {
  const changesJson = JSON.stringify(entry.changes);
  // The database keeps microseconds, a Date milliseconds: store exactly what is hashed.
  const at = new Date(Math.floor(entry.at.getTime()));
  await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK_KEY]);
  const last = (await tx.query<{ seq: string | number; hash: string }>('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1'))[0];
  const seq = last ? Number(last.seq) + 1 : 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = entryHash(seq, { ...entry, at }, changesJson, prevHash);
  await tx.query(
    `INSERT INTO audit_log (seq, at, actor_role, actor_id, ip, request_id, action, target_type, target_id,
                            patient_id, doctor_id, appointment_id, changes, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [seq, at, entry.actorRole, entry.actorId, entry.ip, entry.requestId, entry.action, entry.targetType, entry.targetId,
      entry.patientId, entry.doctorId, entry.appointmentId, changesJson, prevHash, hash],
  );
  return seq;
}

/** The entry of a row, and its `changes` exactly as stored (what the hash covers). */
function toEntry(row: AuditRow): { entry: StoredAuditEntry; changesJson: string } {
  let changes: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.changes);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) changes = parsed as Record<string, unknown>;
  } catch {
    // A tampered entry may hold anything; verify reports it through its hash.
  }
  const entry: StoredAuditEntry = {
    seq: Number(row.seq),
    at: new Date(row.at),
    actorRole: row.actor_role,
    actorId: row.actor_id,
    ip: row.ip,
    requestId: row.request_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    appointmentId: row.appointment_id,
    changes,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
  return { entry, changesJson: row.changes };
}

const COLUMNS = `seq, at, actor_role, actor_id, ip, request_id, action, target_type, target_id,
  patient_id, doctor_id, appointment_id, changes, prev_hash, hash`;

export interface VerifyResult {
  entries: number;
  /** The last entry's hash: keep it elsewhere to detect removal of the newest entries later. */
  head: string;
  problems: string[];
  /** Appointment changes with no entry of their own, each named (see {@link findUnauditedChanges}). */
  missing: string[];
}

/**
 * Every appointment change the trail should hold and does not: a booking with no
 * `appointment.book` entry, a cancelled one with no `appointment.cancel`, fewer
 * `appointment.reschedule` entries than its moves (`revision`), a completed or paid one with no
 * entry saying so. Appointments created before the trail's first entry (data older than the
 * trail) are not asked for one.
 */
export async function findUnauditedChanges(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string; booked: number; cancels: number; moves: number; completes: number; paid: number;
    cancelled: boolean; revision: number; is_completed: boolean; payment: boolean }>(
    `WITH counted AS (
       SELECT appointment_id,
              count(*) FILTER (WHERE action = 'appointment.book')::int AS booked,
              count(*) FILTER (WHERE action = 'appointment.cancel')::int AS cancels,
              count(*) FILTER (WHERE action = 'appointment.reschedule')::int AS moves,
              count(*) FILTER (WHERE action = 'appointment.complete')::int AS completes,
              count(*) FILTER (WHERE action = 'appointment.paid')::int AS paid
       FROM audit_log WHERE appointment_id IS NOT NULL GROUP BY appointment_id)
     SELECT a.id, coalesce(c.booked, 0) AS booked, coalesce(c.cancels, 0) AS cancels, coalesce(c.moves, 0) AS moves,
            coalesce(c.completes, 0) AS completes, coalesce(c.paid, 0) AS paid, a.cancelled, a.revision, a.is_completed, a.payment
     FROM appointments a LEFT JOIN counted c ON c.appointment_id = a.id
     WHERE a.created_at >= (SELECT min(at) FROM audit_log)
       AND (coalesce(c.booked, 0) = 0 OR (a.cancelled AND coalesce(c.cancels, 0) = 0) OR coalesce(c.moves, 0) < a.revision
            OR (a.is_completed AND coalesce(c.completes, 0) = 0) OR (a.payment AND coalesce(c.paid, 0) = 0))
     ORDER BY a.created_at, a.id`,
  );
  const missing: string[] = [];
  for (const row of rows) {
    if (Number(row.booked) === 0) missing.push(`appointment ${row.id} has no entry for its booking`);
    if (row.cancelled && Number(row.cancels) === 0) missing.push(`appointment ${row.id} is cancelled with no entry for its cancellation`);
    if (Number(row.moves) < Number(row.revision)) {
      missing.push(`appointment ${row.id} was moved ${row.revision} time(s) with ${row.moves} entr${Number(row.moves) === 1 ? 'y' : 'ies'} for its moves`);
    }
    if (row.is_completed && Number(row.completes) === 0) missing.push(`appointment ${row.id} is completed with no entry saying so`);
    if (row.payment && Number(row.paid) === 0) missing.push(`appointment ${row.id} is paid with no entry saying so`);
  }
  return missing;
}

/**
 * Walks the whole chain in order and reports every entry whose hash does not match its fields, a
 * missing number (a removed entry) and a broken link. `expectedHead`, a head printed by an earlier
 * run, must still be in the chain: otherwise entries at the end were removed.
 */
export async function verifyAudit(db: Queryable, options: { expectedHead?: string; pageSize?: number } = {}): Promise<VerifyResult> {
  const pageSize = options.pageSize ?? 1000;
  const problems: string[] = [];
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let entries = 0;
  let headSeen = options.expectedHead === undefined;
  for (;;) {
    const rows = await db.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_log WHERE seq >= $1 ORDER BY seq LIMIT $2`, [expectedSeq, pageSize]);
    for (const row of rows) {
      const { entry, changesJson } = toEntry(row);
      if (entry.seq !== expectedSeq) problems.push(`entries ${expectedSeq} to ${entry.seq - 1} are missing (removed)`);
      if (entry.prevHash !== prevHash) problems.push(`entry ${entry.seq} does not follow the entry before it (an entry was removed or changed)`);
      if (entryHash(entry.seq, entry, changesJson, entry.prevHash) !== entry.hash) {
        problems.push(`entry ${entry.seq} was changed after it was written`);
      }
      if (entry.hash === options.expectedHead) headSeen = true;
      prevHash = entry.hash;
      expectedSeq = entry.seq + 1;
      entries += 1;
    }
    if (rows.length < pageSize) break;
  }
  if (!headSeen) problems.push('the expected head entry is gone: entries at the end of the trail were removed');
  return { entries, head: prevHash, problems, missing: await findUnauditedChanges(db) };
}

export interface AuditFilter {
  patientId?: string;
  doctorId?: string;
  appointmentId?: string;
  action?: string;
  /** Entries at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  /** Entries numbered below this one (paging backwards from the newest). */
  before?: number;
  limit: number;
}

export interface NamedAuditEntry extends StoredAuditEntry {
  actorName: string | null;
  patientName: string | null;
  doctorName: string | null;
}

/** Entries matching every given filter, newest first, with the names of the people they concern. */
export async function readAudit(db: Queryable, filter: AuditFilter): Promise<NamedAuditEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown): void => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.patientId) add('a.patient_id = ?', filter.patientId);
  if (filter.doctorId) add('a.doctor_id = ?', filter.doctorId);
  if (filter.appointmentId) add('a.appointment_id = ?', filter.appointmentId);
  if (filter.action) add('a.action = ?', filter.action);
  if (filter.from) add('a.at >= ?', filter.from);
  if (filter.to) add('a.at < ?', filter.to);
  if (filter.before !== undefined) add('a.seq < ?', filter.before);
  params.push(filter.limit);
  const rows = await db.query<AuditRow & { actor_name: string | null; patient_name: string | null; doctor_name: string | null }>(
    `SELECT ${COLUMNS.replace(/(\w+)/g, 'a.$1')}, actor.name AS actor_name, p.name AS patient_name, d.name AS doctor_name
     FROM audit_log a
     LEFT JOIN users actor ON a.actor_role = 'patient' AND actor.id = a.actor_id
     LEFT JOIN users p ON p.id = a.patient_id
     LEFT JOIN doctors d ON d.id = a.doctor_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.seq DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => ({ ...toEntry(row).entry, actorName: row.actor_name, patientName: row.patient_name, doctorName: row.doctor_name }));
}
