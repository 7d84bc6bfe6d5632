import type { Queryable } from '../db/db';

/**
 * Marks a visit missed (`missed` true) or undoes it. Only a visit that was neither cancelled nor
 * completed can be missed; the condition is in the UPDATE. `true` when the row changed.
 */
export async function setMissed(db: Queryable, id: string, missed: boolean, now: Date): Promise<boolean> {
  const rows = await db.query(
    missed
      ? 'UPDATE appointments SET missed_at = $2 WHERE id = $1 AND NOT cancelled AND NOT is_completed AND missed_at IS NULL RETURNING id'
      : 'UPDATE appointments SET missed_at = NULL WHERE id = $1 AND missed_at IS NOT NULL AND $2::timestamptz IS NOT NULL RETURNING id',
    [id, now.toISOString()],
  );
  return rows.length > 0;
}

/**
 * The patient's missed visits that count toward NO_SHOW_LIMIT: visits on `sinceDay` (`YYYY-MM-DD`)
 * or later, marked missed after staff last lifted the stop.
 */
export async function countCountingMisses(db: Queryable, userId: string, sinceDay: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a JOIN users u ON u.id = a.user_id
     WHERE a.user_id = $1 AND a.missed_at IS NOT NULL AND a.slot_day >= $2::date
       AND (u.no_show_lifted_at IS NULL OR a.missed_at > u.no_show_lifted_at)`,
    [userId, sinceDay],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Staff lift the no-show stop: the misses marked so far stop counting. `false`: no such patient. */
export async function liftNoShows(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const rows = await db.query('UPDATE users SET no_show_lifted_at = $2 WHERE id = $1 RETURNING id', [userId, now.toISOString()]);
  return rows.length > 0;
}
