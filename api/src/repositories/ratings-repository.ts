import type { Queryable } from '../db/db';

/** Adds a rating; a second one for the same appointment fails with 23505 (the primary key). */
export async function insertRating(
  db: Queryable,
  r: { appointmentId: string; userId: string; doctorId: string; rating: number; comment: string },
): Promise<void> {
  await db.query(
    `INSERT INTO ratings (appointment_id, user_id, doctor_id, rating, comment) VALUES ($1, $2, $3, $4, $5)`,
    [r.appointmentId, r.userId, r.doctorId, r.rating, r.comment],
  );
}

export interface DoctorRating {
  /** Average to one decimal, `null` with no reviews. */
  rating: number | null;
  reviews: number;
}

/**
 * Average and count per rated doctor. PostgreSQL rounds the numeric average half away from zero
 * (4.25 -> 4.3); numeric and bigint arrive as text from the drivers, hence the casts.
 */
export async function listDoctorRatings(db: Queryable): Promise<Map<string, DoctorRating>> {
  const rows = await db.query<{ doctor_id: string; rating: string; reviews: string }>(
    `SELECT doctor_id, round(avg(rating)::numeric, 1)::text AS rating, count(*)::text AS reviews
     FROM ratings GROUP BY doctor_id`,
  );
  return new Map(rows.map((r) => [r.doctor_id, { rating: Number(r.rating), reviews: Number(r.reviews) }]));
}

/** The patient's own rating of each of their rated appointments. */
export async function listUserRatings(db: Queryable, userId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ appointment_id: string; rating: number }>(
    'SELECT appointment_id, rating FROM ratings WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.appointment_id, r.rating]));
}
