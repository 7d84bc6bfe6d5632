import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client, Pool, type PoolClient } from 'pg';
import { progressAt, runningCanary, type CanaryRecord, type CanaryStage, type CanaryStatus } from './canary';
import {
  builtAtOf,
  canaryStatusOf,
  chooseRollback,
  choosePrune,
  contentHash,
  filesUnder,
  historyForSwitch,
  isBad,
  MarkedBadError,
  newCanary,
  releaseId,
  releaseStatuses,
  rollbackOfCanary,
  stampedManifest,
  withdrawnHistory,
  type CanaryOptions,
  type LiveReason,
  type LiveSwitch,
  type ReleaseHistory,
  type ReleaseInfo,
  type ReleaseStatus,
  type ReleaseStoreContract,
  type RollbackChoice,
  type RollbackOptions,
  type RollbackResult,
  type SetLiveOptions,
} from './release-store';

/**
 * Releases in PostgreSQL, shared by every replica of a remote (`DATABASE_URL`), in a schema of
 * their own:
 *
 *   carebook_releases.blobs     every file's bytes once, named by their SHA-256 (content-addressed)
 *   carebook_releases.files     (remote, release, path) -> blob: a kept release's files
 *   carebook_releases.remotes   per remote: the live pointer, the history document, a version
 *
 * Blobs and files are immutable (a trigger refuses updates): a release is added whole in one
 * transaction and removed whole by pruning. The pointer and the history move in one transaction,
 * under the remote's row lock, so two release commands on two machines never interleave; the
 * same transaction bumps the version and sends `NOTIFY carebook_releases` (delivered at commit),
 * which every replica's follower takes as a poke (`release-follower.ts`).
 */
export const RELEASES_SCHEMA = 'carebook_releases';
export const RELEASES_CHANNEL = 'carebook_releases';

const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS ${RELEASES_SCHEMA};
CREATE TABLE IF NOT EXISTS ${RELEASES_SCHEMA}.blobs (
  sha256 text PRIMARY KEY,
  bytes bytea NOT NULL
);
CREATE TABLE IF NOT EXISTS ${RELEASES_SCHEMA}.files (
  remote text NOT NULL,
  release_id text NOT NULL,
  path text NOT NULL,
  sha256 text NOT NULL REFERENCES ${RELEASES_SCHEMA}.blobs (sha256),
  PRIMARY KEY (remote, release_id, path)
);
CREATE INDEX IF NOT EXISTS files_by_blob ON ${RELEASES_SCHEMA}.files (sha256);
CREATE TABLE IF NOT EXISTS ${RELEASES_SCHEMA}.remotes (
  remote text PRIMARY KEY,
  live text,
  version bigint NOT NULL DEFAULT 0,
  history jsonb NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE OR REPLACE FUNCTION ${RELEASES_SCHEMA}.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'release files are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END $$;
CREATE OR REPLACE TRIGGER blobs_immutable BEFORE UPDATE ON ${RELEASES_SCHEMA}.blobs FOR EACH ROW EXECUTE FUNCTION ${RELEASES_SCHEMA}.refuse_change();
CREATE OR REPLACE TRIGGER files_immutable BEFORE UPDATE ON ${RELEASES_SCHEMA}.files FOR EACH ROW EXECUTE FUNCTION ${RELEASES_SCHEMA}.refuse_change();
`;

/** Keys of `pg_advisory_xact_lock`: creating the schema; adding blobs or removing unused ones. */
const SCHEMA_LOCK = 4_110_001;
const BLOBS_LOCK = 4_110_002;

/** The application_name of release connections (the API's restore looks for `carebook-api` only). */
export const RELEASES_APPLICATION_NAME = 'carebook-releases';

export interface StoredFile {
  path: string;
  sha256: string;
}

interface RemoteState {
  live: string | null;
  history: ReleaseHistory;
  kept: string[];
  version: number;
}

interface StateRow {
  live: string | null;
  history: ReleaseHistory;
  version: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function emptyHistory(remote: string, now: Date): ReleaseHistory {
  return { version: 1, remote, began: now.toISOString(), releases: [], switches: [] };
}

function stateOf(remote: string, row: StateRow | undefined): RemoteState {
  const history = row?.history ?? emptyHistory(remote, new Date());
  const kept = history.releases.filter((record) => !record.prunedAt).map((record) => record.id).sort();
  return { live: row?.live ?? null, history, kept, version: Number(row?.version ?? 0) };
}

/**
 * Marks a schema made by this version of SCHEMA_SQL (a comment on the schema): a store that finds
 * it runs no DDL at all. Bump it whenever SCHEMA_SQL changes.
 */
const SCHEMA_MARK = 'carebook releases schema 1';

async function schemaMarked(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ mark: string | null }>(
    `SELECT obj_description(oid, 'pg_namespace') AS mark FROM pg_namespace WHERE nspname = $1`,
    [RELEASES_SCHEMA],
  );
  return rows[0]?.mark === SCHEMA_MARK;
}

/**
 * Creates the schema once per database (concurrent starts wait on one lock, in one transaction).
 * Once made, a starting replica only reads the mark: `CREATE INDEX IF NOT EXISTS` and `CREATE OR
 * REPLACE TRIGGER` lock their tables even when there is nothing to do, and a replica taking those
 * locks while another publishes (it holds the blobs and waits for the files) was a deadlock.
 */
async function ensureSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    if (await schemaMarked(client)) return;
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    if (!(await schemaMarked(client))) {
      await client.query(SCHEMA_SQL);
      await client.query(`COMMENT ON SCHEMA ${RELEASES_SCHEMA} IS '${SCHEMA_MARK}'`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The files of a finished build as its release keeps them: the manifest (and its gzip copy) stamped. */
function releaseFiles(buildDir: string, info: ReleaseInfo): Map<string, Buffer> {
  const files = new Map(filesUnder(buildDir).map((relative) => [relative, fs.readFileSync(path.join(buildDir, relative))]));
  const manifest = files.get('mf-manifest.json');
  if (manifest) {
    const text = stampedManifest(manifest.toString('utf8'), info);
    files.set('mf-manifest.json', Buffer.from(text));
    if (files.has('mf-manifest.json.gz')) files.set('mf-manifest.json.gz', zlib.gzipSync(text, { level: 9 }));
  }
  return files;
}

export class PgReleaseStore implements ReleaseStoreContract {
  private readonly pool: Pool;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly connectionString: string,
    readonly remote: string,
  ) {
    this.pool = new Pool({ connectionString, max: 2, application_name: RELEASES_APPLICATION_NAME });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async state(): Promise<RemoteState> {
    await this.schema();
    const { rows } = await this.pool.query<StateRow>(`SELECT live, history, version FROM ${RELEASES_SCHEMA}.remotes WHERE remote = $1`, [this.remote]);
    return stateOf(this.remote, rows[0]);
  }

  /**
   * Runs `work` in one transaction holding the remote's row lock; what it returns as `next`
   * (pointer and history) is written with a new version and a NOTIFY, all committed together.
   */
  private async change<T>(
    work: (client: PoolClient, state: RemoteState) => Promise<{ result: T; next?: { live: string | null; history: ReleaseHistory } }>,
    now = new Date(),
  ): Promise<T> {
    await this.schema();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO ${RELEASES_SCHEMA}.remotes (remote, history) VALUES ($1, $2) ON CONFLICT (remote) DO NOTHING`, [
        this.remote,
        JSON.stringify(emptyHistory(this.remote, now)),
      ]);
      const { rows } = await client.query<StateRow>(`SELECT live, history, version FROM ${RELEASES_SCHEMA}.remotes WHERE remote = $1 FOR UPDATE`, [this.remote]);
      const { result, next } = await work(client, stateOf(this.remote, rows[0]));
      if (next) {
        const { rows: written } = await client.query<{ version: string }>(
          `UPDATE ${RELEASES_SCHEMA}.remotes SET live = $2, history = $3, version = version + 1, changed_at = now() WHERE remote = $1 RETURNING version`,
          [this.remote, next.live, JSON.stringify(next.history)],
        );
        const payload = JSON.stringify({ remote: this.remote, live: next.live, version: Number(written[0]?.version) });
        await client.query('SELECT pg_notify($1, $2)', [RELEASES_CHANNEL, payload]);
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async list(): Promise<string[]> {
    return (await this.state()).kept;
  }

  async live(): Promise<ReleaseInfo | null> {
    const { live } = await this.state();
    return live ? { id: live, builtAt: builtAtOf(live) } : null;
  }

  /** Changes with every release, switch and prune: what a replica compares to know it is behind. */
  async version(): Promise<number> {
    return (await this.state()).version;
  }

  async history(): Promise<ReleaseHistory> {
    return (await this.state()).history;
  }

  async statuses(): Promise<ReleaseStatus[]> {
    const { history, kept, live } = await this.state();
    return releaseStatuses(history, kept, live);
  }

  async rollbackTarget(): Promise<RollbackChoice> {
    const { history, kept, live } = await this.state();
    return chooseRollback(history, releaseStatuses(history, kept, live), live);
  }

  async badReleaseOf(buildDir: string): Promise<ReleaseStatus | null> {
    const suffix = `-${contentHash(buildDir).slice(0, 8)}`;
    return (await this.statuses()).findLast((status) => status.id.endsWith(suffix) && isBad(status.state)) ?? null;
  }

  async isLive(buildDir: string): Promise<boolean> {
    const live = await this.live();
    return live !== null && live.id.endsWith(`-${contentHash(buildDir).slice(0, 8)}`);
  }

  /**
   * Stores a finished build as a new release, whole, in one transaction: each file's bytes once
   * (a blob another release already holds is not sent again), then the release's file list and
   * its record in the history. The pointer does not move.
   */
  async add(buildDir: string, now = new Date()): Promise<ReleaseInfo> {
    if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} holds no remoteEntry.js: not a remote's build`);
    const id = releaseId(now, contentHash(buildDir));
    const info = { id, builtAt: builtAtOf(id) };
    const files = [...releaseFiles(buildDir, info)].map(([relative, bytes]) => ({ path: relative, bytes, sha256: sha256(bytes) }));
    return this.change(async (client, state) => {
      if (state.history.releases.some((record) => record.id === id)) throw new Error(`${this.remote} has a release ${id} already`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [BLOBS_LOCK]);
      const { rows } = await client.query<{ sha256: string }>(`SELECT sha256 FROM ${RELEASES_SCHEMA}.blobs WHERE sha256 = ANY($1::text[])`, [
        files.map((file) => file.sha256),
      ]);
      const stored = new Set(rows.map((row) => row.sha256));
      const fresh = new Map(files.filter((file) => !stored.has(file.sha256)).map((file) => [file.sha256, file.bytes]));
      for (const [hash, bytes] of fresh) {
        await client.query(`INSERT INTO ${RELEASES_SCHEMA}.blobs (sha256, bytes) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING`, [hash, bytes]);
      }
      await client.query(
        `INSERT INTO ${RELEASES_SCHEMA}.files (remote, release_id, path, sha256) SELECT $1, $2, * FROM unnest($3::text[], $4::text[])`,
        [this.remote, id, files.map((file) => file.path), files.map((file) => file.sha256)],
      );
      const history: ReleaseHistory = { ...state.history, releases: [...state.history.releases, { id, addedAt: now.toISOString() }] };
      return { result: info, next: { live: state.live, history } };
    }, now);
  }

  async setLive(id: string, reason: LiveReason = 'released', options: SetLiveOptions = {}): Promise<LiveSwitch> {
    return this.change(async (_client, state) => switchTo(this.remote, state, id, reason, options), options.now);
  }

  /** Rolls back (or, with a newer `to`, forward) in one transaction: the same choice as the filesystem store's. */
  async rollback(options: RollbackOptions = {}): Promise<RollbackResult> {
    return this.change<RollbackResult>(async (_client, state) => {
      const from = state.live;
      const ofCanary = rollbackOfCanary(this.remote, state.history, from, options);
      if (ofCanary) return { result: ofCanary.result, next: { live: from, history: ofCanary.history } };
      if (options.to !== undefined) {
        const to = options.to;
        if (!state.kept.includes(to)) throw new Error(`${this.remote} has no kept release ${to}`);
        if (to === from) throw new Error(`${to} is the live release already`);
        const reason: LiveReason = from && to > from ? 'rolled forward' : 'rolled back';
        const { next } = switchTo(this.remote, state, to, reason, { force: options.force, now: options.now });
        return { result: { from, to, reason, why: `${to} was asked for`, skipped: [] }, next };
      }
      const choice = chooseRollback(state.history, releaseStatuses(state.history, state.kept, from), from);
      if (!choice.id) {
        const passed = choice.skipped.map((skip) => `${skip.id} (${skip.why})`).join(', ');
        throw new Error(`${this.remote} has nothing to roll back to: ${choice.why}${passed ? `; passed over ${passed}` : ''}.`);
      }
      const { next } = switchTo(this.remote, state, choice.id, 'rolled back', { now: options.now });
      return { result: { from, to: choice.id, reason: 'rolled back' as const, why: choice.why, skipped: choice.skipped }, next };
    }, options.now);
  }

  async canary(now = new Date()): Promise<CanaryStatus | null> {
    const { history, live } = await this.state();
    return canaryStatusOf(history, live, now);
  }

  /** The running canary's record (what a replica offers the host); null when none runs. */
  async runningCanary(): Promise<CanaryRecord | null> {
    const { history, live } = await this.state();
    return runningCanary(history.canaries, live);
  }

  /** Starts a canary in one transaction, with the version bump and NOTIFY every replica follows. */
  async startCanary(id: string, stages: readonly CanaryStage[], options: CanaryOptions = {}): Promise<CanaryStatus> {
    const now = options.now ?? new Date();
    return this.change(async (_client, state) => {
      const record = newCanary(this.remote, state.history, state.kept, state.live, id, stages, { ...options, now });
      const history: ReleaseHistory = { ...state.history, canaries: [...(state.history.canaries ?? []), record] };
      return { result: { ...record, ...progressAt(record, now) }, next: { live: state.live, history } };
    }, now);
  }

  /** Makes the running canary live for everyone and ends it, in one transaction. */
  async promote(options: { now?: Date; note?: string } = {}): Promise<LiveSwitch> {
    return this.change(async (_client, state) => {
      const running = runningCanary(state.history.canaries, state.live);
      if (!running) throw new Error(`${this.remote} has no canary running: nothing to promote`);
      return switchTo(this.remote, state, running.id, 'promoted', { now: options.now, note: options.note });
    }, options.now);
  }

  /** Ends the running canary `canary` as withdrawn, in one transaction (with the NOTIFY every replica follows). */
  async withdraw(canary: string, options: { note: string; now?: Date }): Promise<boolean> {
    const now = options.now ?? new Date();
    return this.change(async (_client, state) => {
      const history = withdrawnHistory(state.history, state.live, canary, now, options.note);
      return history ? { result: true, next: { live: state.live, history } } : { result: false };
    }, now);
  }

  /** Removes releases beyond `keep` by the same rules as the filesystem store; blobs no release uses go too. */
  async prune(keep: number, now = new Date()): Promise<string[]> {
    return this.change(async (client, state) => {
      const statuses = releaseStatuses(state.history, state.kept, state.live);
      const target = chooseRollback(state.history, statuses, state.live).id;
      const canary = runningCanary(state.history.canaries, state.live)?.id;
      const removed = choosePrune(statuses, keep, new Set([state.live, target, canary].filter((id): id is string => Boolean(id))));
      if (!removed.length) return { result: removed };
      await client.query('SELECT pg_advisory_xact_lock($1)', [BLOBS_LOCK]);
      const { rows } = await client.query<{ sha256: string }>(
        `DELETE FROM ${RELEASES_SCHEMA}.files WHERE remote = $1 AND release_id = ANY($2::text[]) RETURNING sha256`,
        [this.remote, removed],
      );
      await client.query(
        `DELETE FROM ${RELEASES_SCHEMA}.blobs b WHERE b.sha256 = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM ${RELEASES_SCHEMA}.files f WHERE f.sha256 = b.sha256)`,
        [[...new Set(rows.map((row) => row.sha256))]],
      );
      const releases = state.history.releases.map((record) => (removed.includes(record.id) ? { ...record, prunedAt: now.toISOString() } : record));
      return { result: removed, next: { live: state.live, history: { ...state.history, releases } } };
    }, now);
  }

  async file(id: string, relative: string): Promise<Buffer | null> {
    await this.schema();
    const { rows } = await this.pool.query<{ bytes: Buffer }>(
      `SELECT b.bytes FROM ${RELEASES_SCHEMA}.files f JOIN ${RELEASES_SCHEMA}.blobs b USING (sha256) WHERE f.remote = $1 AND f.release_id = $2 AND f.path = $3`,
      [this.remote, id, relative],
    );
    return rows[0]?.bytes ?? null;
  }

  /** A kept release's files and their blobs' names (empty once pruned). */
  async files(id: string): Promise<StoredFile[]> {
    await this.schema();
    const { rows } = await this.pool.query<StoredFile>(
      `SELECT path, sha256 FROM ${RELEASES_SCHEMA}.files WHERE remote = $1 AND release_id = $2 ORDER BY path`,
      [this.remote, id],
    );
    return rows;
  }

  /** The bytes of these blobs, by name. */
  async blobs(hashes: readonly string[]): Promise<Map<string, Buffer>> {
    if (!hashes.length) return new Map();
    const { rows } = await this.pool.query<{ sha256: string; bytes: Buffer }>(`SELECT sha256, bytes FROM ${RELEASES_SCHEMA}.blobs WHERE sha256 = ANY($1::text[])`, [
      [...hashes],
    ]);
    return new Map(rows.map((row) => [row.sha256, row.bytes]));
  }

  /**
   * Runs `work` while no other holder of this remote's publish lock runs (on any machine): replicas
   * starting together with one image publish its build once (the first adds it, the rest find it live).
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    await this.schema();
    // A client of its own, outside the pool the work uses: the lock is held by this session.
    const client = new Client({ connectionString: this.connectionString, application_name: RELEASES_APPLICATION_NAME });
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtext('carebook_releases publish ' || $1))", [this.remote]);
      return await work();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The pointer moved to `id` and the switch recorded, or a refusal: the rules of `ReleaseStore.setLive`. */
function switchTo(
  remote: string,
  state: RemoteState,
  id: string,
  reason: LiveReason,
  options: SetLiveOptions,
): { result: LiveSwitch; next?: { live: string; history: ReleaseHistory } } {
  if (!state.kept.includes(id)) throw new Error(`${remote} has no kept release ${id}`);
  const previous = state.live;
  if (previous === id) return { result: state.history.switches.at(-1) ?? { at: null, live: id, previous: null, reason: 'unknown' } };
  const status = releaseStatuses(state.history, state.kept, previous).find((candidate) => candidate.id === id);
  if (status && isBad(status.state) && !options.force) throw new MarkedBadError(status);
  const now = options.now ?? new Date();
  const history = historyForSwitch(remote, state.history, previous, id, reason, now);
  const change: LiveSwitch = { at: now.toISOString(), live: id, previous, reason, ...(options.note ? { note: options.note } : {}) };
  return { result: change, next: { live: id, history: { ...history, switches: [...history.switches, change] } } };
}
