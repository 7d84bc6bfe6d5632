import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { CanaryRecord } from './canary';
import { PgReleaseStore, RELEASES_CHANNEL, type StoredFile } from './pg-release-store';
import { builtAtOf, type ReleaseInfo } from './release-store';

/**
 * What a remote's server reads on every request, without waiting: the live release, the kept
 * ones and the folder holding each one's files. The filesystem `ReleaseStore` is one (it reads
 * its folder); `ReleaseFollower` is the other, for a replica whose releases live in PostgreSQL.
 */
export interface ServedReleases {
  readonly remote: string;
  /** The folder every release folder lies under. */
  readonly dir: string;
  live(): ReleaseInfo | null;
  /** The running canary (one of the kept releases, offered to a share of patients); null when none runs. */
  runningCanary(): CanaryRecord | null;
  list(): string[];
  folder(id: string): string;
}

export interface ReleaseFollowerOptions {
  connectionString: string;
  /** This replica's own copy of the kept releases' files goes under `<cacheDir>/postgres-copy/<remote>` (never shared). */
  cacheDir: string;
  /** The safety net: how often the version is re-read whatever the notifications say. */
  rereadMs?: number;
  /** How long to wait before listening again after the connection dropped. */
  relistenMs?: number;
}

export const DEFAULT_REREAD_MS = 1000;
const LISTEN_APPLICATION_NAME = 'carebook-releases-listen';

/** A connection listening for release notifications. */
export interface ReleaseListener {
  /**
   * Settles once the first `LISTEN` has been answered, or the first try to connect has failed
   * (then the re-read covers until it listens again): a switch sent after it is never missed.
   */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens to `NOTIFY carebook_releases` on a connection of its own, calling `onPoke` with the
 * remote named in each notification; after the connection drops it listens again and pokes
 * with null (whatever was sent meanwhile is lost).
 */
export function listenForReleases(connectionString: string, onPoke: (remote: string | null) => void, relistenMs = 500): ReleaseListener {
  let stopped = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const again = (): void => {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, relistenMs);
    retry.unref();
  };
  const connect = async (reconnected: boolean): Promise<void> => {
    const next = new Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.channel !== RELEASES_CHANNEL) return;
      let remote: string | null = null;
      try {
        remote = (JSON.parse(message.payload ?? '{}') as { remote?: string }).remote ?? null;
      } catch {
        remote = null;
      }
      onPoke(remote);
    });
    next.on('error', () => {
      if (client === next) again();
    });
    next.on('end', () => {
      if (client === next) again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${RELEASES_CHANNEL}`);
    } catch {
      await next.end().catch(() => undefined);
      again();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (reconnected) onPoke(null);
  };
  return {
    ready: connect(false),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * One replica's view of a remote's releases in PostgreSQL. It copies each kept release's files
 * into its own cache folder before it serves that release, so the live pointer it reports always
 * has its files here; it follows the database at once on a notification, and re-reads the
 * version every `rereadMs` in case a notification was missed (they are not replayed to a
 * connection that was down).
 */
export class ReleaseFollower implements ServedReleases {
  readonly dir: string;
  private readonly store: PgReleaseStore;
  private readonly rereadMs: number;
  private readonly relistenMs: number;
  private snapshot: { live: string | null; kept: string[]; canary: CanaryRecord | null; version: number } = { live: null, kept: [], canary: null, version: -1 };
  private syncing: Promise<void> | null = null;
  private pokedWhileSyncing = false;
  private failing = false;
  private timer: NodeJS.Timeout | null = null;
  private listener: ReleaseListener | null = null;
  private readonly listeners = new Set<(live: ReleaseInfo | null) => void>();
  /** The files of each release this replica copied (while its folder is kept): a new release's unchanged files are copied from there. */
  private readonly copied = new Map<string, StoredFile[]>();

  constructor(
    readonly remote: string,
    private readonly options: ReleaseFollowerOptions,
  ) {
    // A folder apart from the filesystem store's `<cacheDir>/<remote>`: a replica moved to PostgreSQL
    // leaves the releases it kept on disk alone (the follower removes whatever is not kept from its own).
    this.dir = path.join(options.cacheDir, 'postgres-copy', remote);
    this.store = new PgReleaseStore(options.connectionString, remote);
    this.rereadMs = options.rereadMs ?? DEFAULT_REREAD_MS;
    this.relistenMs = options.relistenMs ?? 500;
  }

  live(): ReleaseInfo | null {
    const id = this.snapshot.live;
    return id ? { id, builtAt: builtAtOf(id) } : null;
  }

  list(): string[] {
    return this.snapshot.kept;
  }

  runningCanary(): CanaryRecord | null {
    return this.snapshot.canary;
  }

  folder(id: string): string {
    return path.join(this.dir, id);
  }

  /** Calls `listener` whenever the live release this replica serves changes. */
  onChange(listener: (live: ReleaseInfo | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Listens first, then reads the releases once (so the server starts with them), then follows:
   * a switch made at any moment after this returns is seen at once.
   */
  async start(): Promise<void> {
    this.listener = listenForReleases(
      this.options.connectionString,
      (remote) => {
        if (remote === null || remote === this.remote) this.poke();
      },
      this.relistenMs,
    );
    await this.listener.ready;
    try {
      await this.sync();
    } catch (error) {
      await this.listener.stop();
      this.listener = null;
      throw error;
    }
    const reread = (): void => {
      this.timer = setTimeout(() => {
        this.poke();
        reread();
      }, this.rereadMs);
      this.timer.unref();
    };
    reread();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.listener?.stop();
    this.listener = null;
    await this.syncing?.catch(() => undefined);
    await this.store.close();
  }

  /** Looks again now; a poke during a look makes one more look after it. */
  poke(): void {
    if (this.syncing) {
      this.pokedWhileSyncing = true;
      return;
    }
    void this.sync().then(
      () => {
        if (this.failing) console.log(`${this.remote}: reading the releases again`);
        this.failing = false;
      },
      (error: unknown) => {
        // Said once per outage, not at every re-read; the release served stays until it is back.
        if (!this.failing) console.error(`${this.remote}: could not read the releases:`, error instanceof Error ? error.message : error);
        this.failing = true;
      },
    );
  }

  /** Brings this replica up to the database: new releases' files copied, pruned ones removed, then the pointer. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        do {
          this.pokedWhileSyncing = false;
          await this.follow();
        } while (this.pokedWhileSyncing);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private async follow(): Promise<void> {
    const version = await this.store.version();
    if (version === this.snapshot.version) return;
    const [kept, live, canary] = await Promise.all([this.store.list(), this.store.live(), this.store.runningCanary()]);
    fs.mkdirSync(this.dir, { recursive: true });
    for (const id of kept) if (!fs.existsSync(this.folder(id))) await this.copy(id);
    const before = this.snapshot.live;
    this.snapshot = { live: live?.id ?? null, kept, canary, version };
    for (const entry of fs.readdirSync(this.dir)) if (!kept.includes(entry)) fs.rmSync(path.join(this.dir, entry), { recursive: true, force: true });
    for (const id of this.copied.keys()) if (!kept.includes(id)) this.copied.delete(id);
    if (before !== this.snapshot.live) for (const listener of this.listeners) listener(this.live());
  }

  /**
   * Copies one release's files into a staging folder, then renames it into place (whole or not at
   * all). A file a release copied before has with the same content (most of a new build) is copied
   * from that release's folder; only the others are fetched from the database.
   */
  private async copy(id: string): Promise<void> {
    const files = await this.store.files(id);
    const onDisk = new Map<string, string>();
    for (const [other, otherFiles] of this.copied) for (const file of otherFiles) onDisk.set(file.sha256, path.join(this.folder(other), file.path));
    const blobs = await this.store.blobs([...new Set(files.filter((file) => !onDisk.has(file.sha256)).map((file) => file.sha256))]);
    const staging = path.join(this.dir, `.staging-${id}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    for (const file of files) {
      const target = path.join(staging, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const local = onDisk.get(file.sha256);
      if (local) {
        fs.copyFileSync(local, target);
        continue;
      }
      const bytes = blobs.get(file.sha256);
      if (!bytes) throw new Error(`${this.remote} ${id}: the stored file ${file.path} has no content`);
      fs.writeFileSync(target, bytes);
    }
    fs.renameSync(staging, this.folder(id));
    this.copied.set(id, files);
  }
}
