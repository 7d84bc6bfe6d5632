import { PgReleaseStore } from './pg-release-store';
import { ReleaseStore, releasesDirFrom, type ReleaseStoreContract } from './release-store';

/**
 * Which store this environment names: `RELEASES_STORE` (`postgres` or `files`) when set, else
 * PostgreSQL when `DATABASE_URL` is set (shared by every replica), else the folder `RELEASES_DIR`.
 */
export function releaseStoreKind(env: NodeJS.ProcessEnv = process.env): 'postgres' | 'files' {
  const chosen = env.RELEASES_STORE;
  if (chosen !== undefined && chosen !== 'postgres' && chosen !== 'files') throw new Error(`RELEASES_STORE must be postgres or files (got "${chosen}")`);
  const kind = chosen ?? (env.DATABASE_URL ? 'postgres' : 'files');
  if (kind === 'postgres' && !env.DATABASE_URL) throw new Error('RELEASES_STORE=postgres needs DATABASE_URL');
  return kind;
}

/** The release store of `remote` this environment names (see `releaseStoreKind`). */
export function openReleaseStore(remote: string, env: NodeJS.ProcessEnv = process.env): ReleaseStoreContract {
  return releaseStoreKind(env) === 'postgres' && env.DATABASE_URL
    ? new PgReleaseStore(env.DATABASE_URL, remote)
    : new ReleaseStore(releasesDirFrom(env), remote);
}
