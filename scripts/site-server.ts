import type { FastifyInstance } from 'fastify';
import { HostServer } from '../servers/host/host-server';
import { checkBuild } from './releases/check-build';
import type { LiveReleaseWatcher } from '../servers/releases/live-release-watcher';
import { DEFAULT_KEEP, publishBuild, releasesDirFrom, ReleaseStore } from '../servers/releases/release-store';
import { createReleaseApp } from '../servers/releases/release-app';
import { createStaticApp } from '../servers/static/static-app';
import { distDir, SITE_APPS, type AppName } from '../servers/apps/site-apps';

/** The API address the apps' bundles were built with (webpack.shared.js reads the same variable). */
const BUILD_API_URL = process.env.API_URL || 'http://localhost:4000';

export interface SiteOptions {
  host?: string;
  /** Port per app; the defaults come from the app list. */
  ports?: Partial<Record<AppName, number>>;
  /** Origin remotes are reached at from the browser, e.g. `http://localhost`. */
  publicHost?: string;
  apiUrl: string;
  adminUrl: string;
  /** Where remotes' releases are kept; RELEASES_DIR or `.releases/` by default. */
  releasesDir?: string;
  /** Releases kept per remote. */
  keep?: number;
  /**
   * RELEASES_API_KEY as the API has it: each remote's server then runs the canary watch, reporting
   * to `apiUrl` (servers/releases/canary-watch.ts). Unset: no watch.
   */
  releasesApiKey?: string;
  /** How often the watch checks while a canary runs (default 10 s). */
  canaryCheckMs?: number;
  /** The host's build to serve; `host/dist` by default (a benchmark compares another build, e.g. TELEMETRY=off). */
  hostRoot?: string;
}

export interface RunningApp {
  name: AppName;
  port: number;
  url: string;
  server: FastifyInstance;
}

export interface Site {
  apps: RunningApp[];
  url(name: AppName): string;
  /** The release store of a remote (to release or roll back while the site runs). */
  releases(name: AppName): ReleaseStore;
  /** Each remote's live release, learned in the background (`onChange` tells when one changes). */
  liveReleases: LiveReleaseWatcher;
  /** Stop one app (to test a remote being down) and start it again on the same port. */
  stopApp(name: AppName): Promise<void>;
  startApp(name: AppName): Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves the host and each remote from its own port, as separate deployments would. Each remote
 * serves its kept releases; its fresh build in `dist/` is published as a release first (unless it
 * is live already), so `npm start` shows the working tree and a team's later release replaces it.
 */
export async function startSite(options: SiteOptions): Promise<Site> {
  const listenHost = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? `http://${listenHost === '0.0.0.0' ? 'localhost' : listenHost}`;
  const releasesDir = options.releasesDir ?? releasesDirFrom();
  const portOf = (name: AppName): number =>
    options.ports?.[name] ?? SITE_APPS.find((app) => app.name === name)?.port ?? 0;
  const url = (name: AppName): string => `${publicHost}:${portOf(name)}`;
  const remotes = SITE_APPS.filter((app) => app.kind === 'remote');
  const stores = new Map(remotes.map((app) => [app.name, new ReleaseStore(releasesDir, app.name)]));
  const addresses = remotes.map((app) => ({
    name: app.name,
    publicOrigin: url(app.name),
    internalOrigin: `http://127.0.0.1:${portOf(app.name)}`,
  }));
  const https = publicHost.startsWith('https://');
  const host = new HostServer({ root: options.hostRoot ?? distDir('host'), apiUrl: options.apiUrl, adminUrl: options.adminUrl, remotes: addresses, https });

  for (const [name, store] of stores) {
    if (store.isLive(distDir(name))) continue;
    await checkBuild(name, distDir(name));
    await publishBuild(store, distDir(name), options.keep ?? DEFAULT_KEEP);
  }

  const running = new Map<AppName, RunningApp>();
  // A remote's own page calls the API its bundle was built for (webpack.shared.js: API_URL).
  const remoteSecurity = { apiUrl: [options.apiUrl, BUILD_API_URL], https };
  const remoteApp = (name: AppName): Promise<FastifyInstance> => {
    const releases = stores.get(name);
    const watch = releases && options.releasesApiKey
      ? { store: releases, apiUrl: options.apiUrl, key: options.releasesApiKey, ...(options.canaryCheckMs ? { checkMs: options.canaryCheckMs } : {}) }
      : undefined;
    return releases ? createReleaseApp({ releases, security: remoteSecurity, watch }) : createStaticApp({ root: distDir(name), security: remoteSecurity });
  };
  async function startApp(name: AppName): Promise<void> {
    const server =
      name === 'host'
        ? await host.createApp()
        : await remoteApp(name);
    try {
      await server.listen({ host: listenHost, port: portOf(name) });
    } catch (error) {
      await server.close();
      throw error;
    }
    running.set(name, { name, port: portOf(name), url: url(name), server });
  }
  async function stopApp(name: AppName): Promise<void> {
    const app = running.get(name);
    running.delete(name);
    await app?.server.close();
  }

  try {
    for (const app of SITE_APPS) await startApp(app.name);
    await host.start();
  } catch (error) {
    // One app could not start (its port taken, say): stop the others, so nothing is left running.
    await Promise.all([...running.keys()].map((name) => stopApp(name)));
    throw error;
  }
  return {
    get apps() {
      return [...running.values()];
    },
    url,
    releases: (name) => {
      const store = stores.get(name);
      if (!store) throw new Error(`${name} is not a remote`);
      return store;
    },
    liveReleases: host.liveReleases,
    stopApp,
    startApp,
    close: async () => {
      host.stop();
      await Promise.all([...running.keys()].map((name) => stopApp(name)));
    },
  };
}
