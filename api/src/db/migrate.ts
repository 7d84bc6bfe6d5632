import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Any fixed number; every API process (and a restore) agrees on it. */
export const MIGRATION_LOCK_KEY = 4_000_001;

/** The names of this version's migration files, in the order they apply. */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}-[a-z0-9-]+\.sql$/.test(name))
    .sort();
}

/**
 * Inside the caller's transaction: applies the migrations not applied yet, in order, each once,
 * limited to those `include` accepts (a restore rebuilds the schema of its backup first).
 * The caller holds {@link MIGRATION_LOCK_KEY}.
 */
export async function applyMigrations(tx: Queryable, include: (name: string) => boolean = () => true): Promise<string[]> {
  await tx.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const name of migrationNames()) {
    if (done.has(name) || !include(name)) continue;
    await tx.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
    await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    applied.push(name);
  }
  return applied;
}

/**
 * Applies `migrations/NNN-name.sql` files not applied yet, in order, each once. All of it runs in
 * one transaction on one connection behind a transaction-level advisory lock: two processes
 * starting together on an empty PostgreSQL would otherwise race on `CREATE TABLE IF NOT EXISTS`.
 * The second one waits, then finds everything applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    return applyMigrations(tx);
  });
}
