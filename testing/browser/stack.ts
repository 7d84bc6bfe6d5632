import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copySeededCluster } from '../api/fresh-cluster';
import { apiBundle } from './api-bundle';
import { startApiProcess, type ApiProcess } from '../../scripts/api-process';
import { SITE_APPS, type AppName } from '../../servers/apps/site-apps';
import { startSite, type Site } from '../../scripts/site-server';
import { freePort } from '../node/free-port';

export const ADMIN_EMAIL = 'admin@carebook.test';
export const ADMIN_PASSWORD = 'admin-password-e2e';

/** The whole product as deployed: the API process on a fresh embedded database, and the five apps. */
export interface Stack {
  siteUrl: string;
  apiUrl: string;
  site: Site;
  api: ApiProcess;
  /** This stack's own releases folder (remotes' kept releases and live pointers). */
  releasesDir: string;
  /** Origin of one app, e.g. `stack.appUrl('pages')` = `http://127.0.0.1:41234`. */
  appUrl(name: AppName): string;
  close(): Promise<void>;
}

export interface StackOptions {
  /** CLINIC_TIME_ZONE of the API; UTC by default. */
  timeZone?: string;
  /** Extra API environment. */
  env?: Record<string, string>;
  /** More origins the API must accept besides the five apps' (e.g. the admin app's). */
  extraOrigins?: string[];
  /** RELEASES_API_KEY of the API and the remotes' servers: each remote's server then runs its canary watch. */
  releasesApiKey?: string;
  /** The host's build to serve instead of `host/dist` (scripts/site-server.ts). */
  hostRoot?: string;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-e2e-'));
  const releasesDir = path.join(dataDir, 'releases');
  const ports = Object.fromEntries(
    await Promise.all(SITE_APPS.map(async (app) => [app.name, await freePort()] as const)),
  ) as Record<AppName, number>;
  const origins = [...SITE_APPS.map((app) => `http://127.0.0.1:${ports[app.name]}`), ...(options.extraOrigins ?? [])];
  const apiPort = await freePort();
  const [bundle] = await Promise.all([apiBundle(), copySeededCluster(path.join(dataDir, 'db'))]);
  // The API (its own process: bare Node on its bundle, the database's open) and the site's
  // preparation here (each remote's build published as a release, the host's files read) run at
  // once; the site's servers start once the API answers (the host asks it for the doctors at once).
  const starting = startApiProcess({
    port: apiPort,
    bundle,
    env: {
      DATA_DIR: dataDir,
      CORS_ORIGINS: origins.join(','),
      PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      CLINIC_TIME_ZONE: options.timeZone ?? 'UTC',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      RATE_LIMIT_AUTH_MAX: '10000',
      // Every journey signs up and books from 127.0.0.1: the per-address limits would add up.
      BOOKING_RATE_MAX: '10000',
      BOOKING_RATE_MAX_PER_ADDRESS: '10000',
      SIGNUP_RATE_MAX_PER_HOUR: '10000',
      LOGIN_FAILURES_MAX: '10000',
      LOG_LEVEL: 'warn',
      // Links in emails point at this stack's site.
      SITE_URL: `http://127.0.0.1:${ports.host}`,
      ...(options.releasesApiKey ? { RELEASES_API_KEY: options.releasesApiKey } : {}),
      ...options.env,
    },
  });
  const [apiStart, siteStart] = await Promise.allSettled([
    starting,
    startSite({
      ports,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      apiReady: starting,
      adminUrl: 'http://127.0.0.1:9/admin',
      releasesDir,
      releasesApiKey: options.releasesApiKey,
      hostRoot: options.hostRoot,
    }),
  ]);
  // Whichever could not start, nothing is left running.
  if (apiStart.status === 'rejected') {
    if (siteStart.status === 'fulfilled') await siteStart.value.close();
    throw apiStart.reason;
  }
  if (siteStart.status === 'rejected') {
    await apiStart.value.stop();
    throw siteStart.reason;
  }
  const api = apiStart.value;
  const site = siteStart.value;
  return {
    siteUrl: site.url('host'),
    apiUrl: api.url,
    site,
    api,
    releasesDir,
    appUrl: (name) => site.url(name),
    close: async () => {
      await site.close();
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
