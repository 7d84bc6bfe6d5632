import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/db';

/**
 * The key every process signs and verifies tokens with. JWT_SECRET wins when set. Otherwise the
 * database holds one shared secret: the first process to start stores its generated one (the
 * `DATA_DIR/jwt-secret` of older versions, so their tokens stay valid) and every later process,
 * whatever its DATA_DIR, reads that one. Two processes racing both insert-or-keep the same row.
 */
export async function resolveSigningSecret(db: Queryable, config: Pick<Config, 'jwtSecret' | 'jwtSecretFromEnv'>): Promise<string> {
  if (config.jwtSecretFromEnv) return config.jwtSecret;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [config.jwtSecret]);
  const rows = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('The shared signing secret could not be read from the database');
  return secret;
}

/**
 * Replaces the stored shared secret with a new random one (for deployments without JWT_SECRET):
 * every token signed before stops verifying once the API processes restart and read it.
 */
export async function rotateSigningSecret(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO app_secrets (name, value) VALUES ('jwt', $1)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = now()`,
    [randomBytes(48).toString('base64url')],
  );
}
