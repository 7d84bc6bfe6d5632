// Serves ONE built front-end app, as its own deployment (one per container in docker-compose.yml).
// Env: APP (a name from shared/src/apps.json), PORT. A remote: DATABASE_URL (its releases in
// PostgreSQL, shared by every replica; RELEASES_DIR is then this replica's own copy of their files)
// or else RELEASES_DIR (its kept releases on this machine); the image's build is published at start
// unless live already; RELEASES_KEEP. The host: DATABASE_URL (optional: follow releases at once), 
// API_URL, ADMIN_URL, <NAME>_REMOTE_URL (where browsers load each remote's remoteEntry.js) and
// <NAME>_INTERNAL_URL (where this server asks the remote for its live release; default: the same),
// API_INTERNAL_URL (where it reads the doctors for server rendering; default: API_URL).
// Every app: API_URL (allowed by its Content-Security-Policy), SITE_URL or PUBLIC_URL (https: HSTS).
// A remote with RELEASES_API_KEY runs the canary watch (releases/canary-watch.ts): it reports to
// RELEASES_API_URL (default: API_INTERNAL_URL, else API_URL) and carries out the API's orders.
import type { FastifyInstance } from 'fastify';
import { HostServer } from './host/host-server';
import type { RemoteAddress } from './releases/live-remotes';
import type { CanaryWatchOptions } from './releases/canary-watch';
import { createReleaseApp } from './releases/release-app';
import { releaseStoreKind } from './releases/open-release-store';
import { PgReleaseStore } from './releases/pg-release-store';
import { ReleaseFollower } from './releases/release-follower';
import { keepFrom, publishBuild, releasesDirFrom, ReleaseStore } from './releases/release-store';
import { isHttpsDeployment } from './static/security-headers';
import { distDir, SITE_APPS } from './apps/site-apps';

function remoteAddresses(env: NodeJS.ProcessEnv): RemoteAddress[] {
  return SITE_APPS.filter((app) => app.kind === 'remote').map((remote) => {
    const prefix = remote.name.toUpperCase();
    const publicOrigin = new URL(env[`${prefix}_REMOTE_URL`] ?? `http://localhost:${remote.port}/remoteEntry.js`).origin;
    return { name: remote.name, publicOrigin, internalOrigin: new URL(env[`${prefix}_INTERNAL_URL`] ?? publicOrigin).origin };
  });
}

interface AppSetup {
  name: string;
  port: number;
  createApp: () => Promise<FastifyInstance>;
  /** The host's server (a remote has none). */
  host?: HostServer;
  /** A remote's replica following its releases in PostgreSQL. */
  follower?: ReleaseFollower;
  /** Closed once the server stopped (the canary watch's own store). */
  closeAfter?: () => Promise<void>;
}

/** The canary watch's settings from the environment, or undefined (no RELEASES_API_KEY: no watch). */
function watchOptions(env: NodeJS.ProcessEnv, store: CanaryWatchOptions['store']): CanaryWatchOptions | undefined {
  const key = env.RELEASES_API_KEY?.trim();
  if (!key) return undefined;
  return { store, key, apiUrl: env.RELEASES_API_URL ?? env.API_INTERNAL_URL ?? env.API_URL ?? 'http://localhost:4000' };
}

async function configure(env: NodeJS.ProcessEnv): Promise<AppSetup> {
  const problems: string[] = [];
  const app = SITE_APPS.find((candidate) => candidate.name === env.APP);
  if (!app) problems.push(`APP must be one of ${SITE_APPS.map((candidate) => candidate.name).join(', ')}`);
  const port = Number(env.PORT ?? app?.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push('PORT must be a port number');
  if (problems.length || !app) throw new Error(`Cannot start:\n- ${problems.join('\n- ')}`);
  const root = distDir(app.name);
  const apiUrl = env.API_URL ?? 'http://localhost:4000';
  const https = isHttpsDeployment(env);
  if (app.kind === 'remote' && releaseStoreKind(env) === 'postgres' && env.DATABASE_URL) {
    // Every replica publishes the image's build (the first one adds it, the others find it live).
    const store = new PgReleaseStore(env.DATABASE_URL, app.name);
    try {
      const live = await store.exclusively(() => publishBuild(store, root, keepFrom(env)));
      console.log(`${app.name}: release ${live.id} is live (releases in PostgreSQL)`);
    } finally {
      await store.close();
    }
    const follower = new ReleaseFollower(app.name, { connectionString: env.DATABASE_URL, cacheDir: releasesDirFrom(env) });
    await follower.start();
    // The watch acts on the store itself (its followers serve what it changes).
    const watchStore = env.RELEASES_API_KEY?.trim() ? new PgReleaseStore(env.DATABASE_URL, app.name) : null;
    const watch = watchStore ? watchOptions(env, watchStore) : undefined;
    return {
      name: app.name,
      port,
      follower,
      closeAfter: async () => {
        await watchStore?.close();
      },
      createApp: () => createReleaseApp({ releases: follower, security: { apiUrl, https }, watch }),
    };
  }
  if (app.kind === 'remote') {
    const releases = new ReleaseStore(releasesDirFrom(env), app.name);
    const live = await publishBuild(releases, root, keepFrom(env));
    console.log(`${app.name}: release ${live.id} is live`);
    return { name: app.name, port, createApp: () => createReleaseApp({ releases, security: { apiUrl, https }, watch: watchOptions(env, releases) }) };
  }
  const addresses = remoteAddresses(env);
  const adminUrl = env.ADMIN_URL ?? 'http://localhost:5174';
  const host = new HostServer({
    root,
    apiUrl,
    adminUrl,
    remotes: addresses,
    apiInternalUrl: env.API_INTERNAL_URL,
    https,
    releasesDatabaseUrl: env.DATABASE_URL,
  });
  return { name: app.name, port, host, createApp: () => host.createApp() };
}

async function main(): Promise<void> {
  const { name, port, host, follower, closeAfter, createApp } = await configure(process.env);
  const server = await createApp();
  // Bounded by one poll's timeout: a remote that is not up yet is picked up in the background.
  await host?.start();
  await server.listen({ host: '0.0.0.0', port });
  console.log(`${name} served on port ${port}`);
  const stop = (): void => {
    host?.stop();
    void server
      .close()
      .then(() => follower?.stop())
      .then(() => closeAfter?.())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
