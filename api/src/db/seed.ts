import type { Queryable } from './db';
import { SEED_DOCTORS } from './seed-data';

/** Inserts the seed doctors that are missing. Safe to run on every start and from two processes. */
export async function seed(db: Queryable): Promise<void> {
  for (const [index, d] of SEED_DOCTORS.entries()) {
    await db.query(
      `INSERT INTO doctors (id, name, image, specialization, degree, experience, about, fees, available,
                            address_line1, address_line2, location, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => $13))
       ON CONFLICT DO NOTHING`,
      [d.id, d.name, `/static/doctors/${d.id}.svg`, d.specialization, d.degree, d.experience ?? null, d.about, d.fees,
        d.available, d.address.line1, d.address.line2, d.location ?? null, index],
    );
  }
}
