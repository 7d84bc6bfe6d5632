import type { Queryable } from '../db/db';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  image: string;
  address_line1: string;
  address_line2: string;
  gender: string;
  dob: string;
}

export interface ProfileChanges {
  name: string;
  phone: string;
  image: string;
  addressLine1: string;
  addressLine2: string;
  gender: string;
  dob: string;
}

const PROFILE_COLUMNS = 'id, name, email, phone, image, address_line1, address_line2, gender, dob';

/** Throws a 23505 unique violation when the (normalised) email is taken. */
export async function insertUser(
  db: Queryable,
  user: { id: string; name: string; email: string; passwordHash: string },
): Promise<void> {
  await db.query('INSERT INTO users (id, name, email, password) VALUES ($1, $2, $3, $4)', [
    user.id,
    user.name,
    user.email,
    user.passwordHash,
  ]);
}

export async function findCredentials(db: Queryable, email: string): Promise<{ id: string; password: string } | null> {
  const rows = await db.query<{ id: string; password: string }>('SELECT id, password FROM users WHERE email = $1', [email]);
  return rows[0] ?? null;
}

export async function findUser(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function updateProfile(db: Queryable, id: string, p: ProfileChanges): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET name = $2, phone = $3, image = $4, address_line1 = $5, address_line2 = $6, gender = $7, dob = $8
     WHERE id = $1 RETURNING ${PROFILE_COLUMNS}`,
    [id, p.name, p.phone, p.image, p.addressLine1, p.addressLine2, p.gender, p.dob],
  );
  return rows[0] ?? null;
}

/**
 * Locks the patient's row until the transaction ends, so one patient's bookings are decided one
 * at a time (a count checked under this lock cannot be beaten by a parallel request). `false`
 * when the user no longer exists.
 */
export async function lockUser(tx: Queryable, id: string): Promise<boolean> {
  const rows = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** The stored password hash of a patient, for checking the current password before a change. */
export async function findPasswordHash(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [id]);
  return rows[0]?.password ?? null;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<boolean> {
  const rows = await db.query('UPDATE users SET password = $2 WHERE id = $1 RETURNING id', [id, passwordHash]);
  return rows.length > 0;
}

/**
 * A patient the clinic adds (a caller with no account): `false` when the email was taken meanwhile
 * (another desk added them first), so the caller's transaction can refuse without a failed statement.
 */
export async function insertInvitedUser(
  db: Queryable,
  user: { id: string; name: string; email: string; phone: string; passwordHash: string },
): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO users (id, name, email, phone, password) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING RETURNING id',
    [user.id, user.name, user.email, user.phone, user.passwordHash],
  );
  return rows.length > 0;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE email = $1', [email]);
  return rows[0] ?? null;
}

/** Patients whose name, email or phone contains `text` (any case), names first by match, at most `limit`. */
export async function searchPatients(
  db: Queryable,
  text: string,
  limit: number,
): Promise<Array<{ id: string; name: string; email: string; phone: string }>> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<{ id: string; name: string; email: string; phone: string }>(
    `SELECT id, name, email, phone FROM users
     WHERE name ILIKE $1 OR email ILIKE $1 OR phone ILIKE $1
     ORDER BY (name ILIKE $2) DESC, name, email LIMIT ${Math.floor(limit)}`,
    [pattern, `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
  );
}
