import type { Schedule } from '@carebook/shared';
import type { Queryable } from '../db/db';

export interface DoctorRow {
  id: string;
  name: string;
  image: string;
  specialization: string;
  degree: string;
  experience: string | null;
  about: string;
  fees: number;
  available: boolean;
  address_line1: string;
  address_line2: string;
  location: string | null;
  /** Working hours and time off (jsonb; `validateSchedule` checked it on the way in). */
  schedule: Schedule;
}

export interface DoctorFields {
  name: string;
  email: string | null;
  image: string;
  specialization: string;
  degree: string;
  experience: string | null;
  about: string;
  fees: number;
  available: boolean;
  addressLine1: string;
  addressLine2: string;
  location: string | null;
}

const COLUMNS =
  'id, name, image, specialization, degree, experience, about, fees, available, address_line1, address_line2, location, schedule';

export async function listDoctors(db: Queryable): Promise<DoctorRow[]> {
  return db.query<DoctorRow>(`SELECT ${COLUMNS} FROM doctors ORDER BY created_at, id`);
}

/**
 * With `forUpdate`, the row stays locked until the transaction ends: a booking and a schedule
 * change of one doctor then take turns, so a booking is always judged by the schedule in force.
 */
export async function findDoctor(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<DoctorRow | null> {
  const rows = await db.query<DoctorRow>(`SELECT ${COLUMNS} FROM doctors WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Sets the doctor's schedule (locking the row until the transaction ends); `null` for an unknown doctor. */
export async function updateSchedule(db: Queryable, id: string, schedule: Schedule): Promise<DoctorRow | null> {
  const rows = await db.query<DoctorRow>(`UPDATE doctors SET schedule = $2::jsonb WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    JSON.stringify(schedule),
  ]);
  return rows[0] ?? null;
}

/** Live (not cancelled) bookings from `fromDay` (`YYYY-MM-DD`) on: the source of `slots_booked`. */
export async function listBookedSlots(
  db: Queryable,
  fromDay: string,
): Promise<Array<{ doctor_id: string; slot_date: string; slot_time: string }>> {
  return db.query(
    `SELECT doctor_id, slot_date, slot_time FROM appointments
     WHERE NOT cancelled AND slot_day >= $1::date ORDER BY slot_day, slot_time`,
    [fromDay],
  );
}

/** Throws a 23505 unique violation when the email belongs to another doctor. */
export async function insertDoctor(db: Queryable, id: string, d: DoctorFields): Promise<DoctorRow> {
  const rows = await db.query<DoctorRow>(
    `INSERT INTO doctors (id, name, email, image, specialization, degree, experience, about, fees, available,
                          address_line1, address_line2, location)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [id, d.name, d.email, d.image, d.specialization, d.degree, d.experience, d.about, d.fees, d.available,
      d.addressLine1, d.addressLine2, d.location],
  );
  return rows[0] as DoctorRow;
}

export async function updateDoctor(db: Queryable, id: string, d: DoctorFields): Promise<DoctorRow | null> {
  const rows = await db.query<DoctorRow>(
    `UPDATE doctors SET name = $2, email = $3, image = $4, specialization = $5, degree = $6, experience = $7,
       about = $8, fees = $9, available = $10, address_line1 = $11, address_line2 = $12, location = $13
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, d.name, d.email, d.image, d.specialization, d.degree, d.experience, d.about, d.fees, d.available,
      d.addressLine1, d.addressLine2, d.location],
  );
  return rows[0] ?? null;
}

export async function findDoctorEmail(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ email: string | null }>('SELECT email FROM doctors WHERE id = $1', [id]);
  return rows[0]?.email ?? null;
}

/** Flips `available`; returns the new value, or `null` for an unknown doctor. */
export async function toggleAvailability(db: Queryable, id: string): Promise<boolean | null> {
  const rows = await db.query<{ available: boolean }>(
    'UPDATE doctors SET available = NOT available WHERE id = $1 RETURNING available',
    [id],
  );
  return rows[0]?.available ?? null;
}
