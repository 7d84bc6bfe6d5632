// The host's server: one composition root, used by `npm start` and the tests (scripts/site-server.ts)
// and by the host's container (servers/serve-app.ts).
import type { FastifyInstance } from 'fastify';
import { SCREENS, type RuntimeConfig } from '@carebook/shared';
import { LiveReleaseWatcher } from '../releases/live-release-watcher';
import { listenForReleases, type ReleaseListener } from '../releases/release-follower';
import { releasesForBucket, type LiveRemotes, type RemoteAddress } from '../releases/live-remotes';
import { createHostApp } from './host-app';
import { RegionReports } from './region-reports';
import { createPageRenderer, type PageRenderer } from './render-page';

export interface HostServerOptions {
  /** The host's built folder (`host/dist`). */
  root: string;
  /** The API as browsers reach it. */
  apiUrl: string;
  adminUrl: string;
  /** Where browsers and this server reach each remote. */
  remotes: readonly RemoteAddress[];
  /** Where this server reaches the API (another container in docker-compose); default `apiUrl`. */
  apiInternalUrl?: string;
  /** An https deployment (HSTS). */
  https: boolean;
  /**
   * The PostgreSQL of the remotes' releases (`DATABASE_URL`): a release's NOTIFY makes the host ask
   * that remote at once (and again every 100 ms until its answer changes, for a replica still
   * copying the release's files) instead of at its next poll.
   */
  releasesDatabaseUrl?: string;
}

/**
 * After a NOTIFY, how often and for how long the host asks the remote again until its answer
 * changes: the balancer may send the first questions to a replica still copying the new release's
 * files (it serves the new release only once they are all on its disk), and the host must not
 * wait for its next poll, a second later.
 */
const CHASE_EVERY_MS = 100;
/**
 * 5 s, not 2: in a deployment test run at a load average of 44 on two cores, one host replica
 * served a rollback 1,119 ms after the command returned, the other after 27 ms (unproven: possibly its
 * questions kept reaching the remote replica that had not followed yet, past the 2 s it asked).
 */
const CHASE_FOR_MS = 5000;

/**
 * Pokes `watcher` on every release NOTIFY: the remote is asked at once, then every 100 ms until
 * its live release (or canary) changes, for up to 5 s. After the listening connection was down
 * (remote null: what was sent meanwhile is lost) every remote is asked the same way.
 */
export function refreshOnRelease(watcher: LiveReleaseWatcher, connectionString: string): ReleaseListener {
  return listenForReleases(connectionString, (remote) => chase(watcher, remote));
}

function chase(watcher: LiveReleaseWatcher, remote: string | null): void {
  const startedAt = Date.now();
  let changed = false;
  const unsubscribe = watcher.onChange((change) => {
    if (change.remote === remote) changed = true;
  });
  const look = (): void => {
    if (changed || Date.now() - startedAt >= CHASE_FOR_MS) {
      unsubscribe();
      return;
    }
    watcher.refresh(remote);
    setTimeout(look, CHASE_EVERY_MS).unref();
  };
  look();
}

/**
 * Serves the host: its static files, `/remotes.json` and every page rendered on the server
 * (render-page.ts), with the remotes' live releases learned in the background (never per page).
 */
export class HostServer {
  readonly liveReleases: LiveReleaseWatcher;
  readonly renderPage: PageRenderer;
  readonly runtimeConfig: (bucket: number) => Promise<RuntimeConfig>;
  /** Regions this server could not render, reported to the API's telemetry in the background. */
  readonly regionReports: RegionReports;
  private listener: ReleaseListener | null = null;

  constructor(private readonly options: HostServerOptions) {
    this.liveReleases = new LiveReleaseWatcher(options.remotes);
    // One configuration object per set of releases a page can run: the live ones, or with a
    // running canary, one set per choice of canaries (the watcher's snapshot changes only on a
    // release, a rollback, a canary's start or end, or a remote going down or coming back). The
    // page renderer keys its cache on the object, so a page is cached per release set it used.
    let configs: { live: LiveRemotes; sets: Map<string, RuntimeConfig> } | null = null;
    this.runtimeConfig = async (bucket) => {
      const live = this.liveReleases.current();
      if (configs?.live !== live) configs = { live, sets: new Map() };
      const chosen = releasesForBucket(live, bucket, new Date());
      const key = chosen.canary.join(',');
      let config = configs.sets.get(key);
      if (!config) {
        const { remotes, releases, canary } = chosen;
        config = { apiUrl: options.apiUrl, adminUrl: options.adminUrl, remotes, releases, ...(canary.length ? { canary } : {}) };
        configs.sets.set(key, config);
      }
      return config;
    };
    const api = (options.apiInternalUrl ?? options.apiUrl).replace(/\/+$/, '');
    this.regionReports = new RegionReports({ endpoint: `${api}/api/v1/telemetry` });
    this.renderPage = createPageRenderer({
      root: options.root,
      runtimeConfig: this.runtimeConfig,
      remoteAddresses: options.remotes,
      apiInternalUrl: options.apiInternalUrl,
      reportRegionFailure: (failure) => this.regionReports.report(failure),
    });
  }

  /** The HTTP app (made again after a close, e.g. a test stopping the host, with the same state). */
  createApp(): Promise<FastifyInstance> {
    return createHostApp({
      root: this.options.root,
      runtimeConfig: this.runtimeConfig,
      renderPage: this.renderPage,
      pagePaths: SCREENS.map((screen) => screen.path),
      security: {
        apiUrl: this.options.apiUrl,
        appOrigins: this.options.remotes.map((remote) => remote.publicOrigin),
        https: this.options.https,
      },
      bookingForm: { apiUrl: this.options.apiInternalUrl ?? this.options.apiUrl, https: this.options.https },
    });
  }

  /** Learns the live releases (bounded by one question's timeout) and loads their screens. */
  async start(): Promise<void> {
    const url = this.options.releasesDatabaseUrl;
    if (url && !this.listener) this.listener = refreshOnRelease(this.liveReleases, url);
    await Promise.all([this.liveReleases.start(), this.listener?.ready]);
    await this.renderPage.warm().catch(() => undefined);
  }

  stop(): void {
    this.liveReleases.stop();
    this.regionReports.stop();
    void this.listener?.stop();
    this.listener = null;
  }
}
