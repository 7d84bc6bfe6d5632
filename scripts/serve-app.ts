// Serves ONE built front-end app, as its own deployment (one per container in docker-compose.yml).
// Env: APP (a name from shared/src/apps.json), PORT. A remote: RELEASES_DIR (its kept releases;
// the image's build is published there at start unless live already), RELEASES_KEEP. The host:
// API_URL, ADMIN_URL, <NAME>_REMOTE_URL (where browsers load each remote's remoteEntry.js) and
// <NAME>_INTERNAL_URL (where this server asks the remote for its live release; default: the same),
// API_INTERNAL_URL (where it reads the doctors for the first view; default: API_URL).
import { createPageRenderer, type HostConfig } from './first-view/render-page';
import { lookUpLiveRemotes, type RemoteAddress } from './releases/live-remotes';
import { keepFrom, publishBuild, releasesDirFrom, ReleaseStore } from './releases/release-store';
import { createStaticApp, type StaticAppOptions } from './static-app';
import { distDir, SITE_APPS } from './site-apps';

function remoteAddresses(env: NodeJS.ProcessEnv): RemoteAddress[] {
  return SITE_APPS.filter((app) => app.kind === 'remote').map((remote) => {
    const prefix = remote.name.toUpperCase();
    const publicOrigin = new URL(env[`${prefix}_REMOTE_URL`] ?? `http://localhost:${remote.port}/remoteEntry.js`).origin;
    return { name: remote.name, publicOrigin, internalOrigin: new URL(env[`${prefix}_INTERNAL_URL`] ?? publicOrigin).origin };
  });
}

function configure(env: NodeJS.ProcessEnv): { name: string; port: number; options: StaticAppOptions } {
  const problems: string[] = [];
  const app = SITE_APPS.find((candidate) => candidate.name === env.APP);
  if (!app) problems.push(`APP must be one of ${SITE_APPS.map((candidate) => candidate.name).join(', ')}`);
  const port = Number(env.PORT ?? app?.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push('PORT must be a port number');
  if (problems.length || !app) throw new Error(`Cannot start:\n- ${problems.join('\n- ')}`);
  const root = distDir(app.name);
  if (app.kind === 'remote') {
    const releases = new ReleaseStore(releasesDirFrom(env), app.name);
    const live = publishBuild(releases, root, keepFrom(env));
    console.log(`${app.name}: release ${live.id} is live`);
    return { name: app.name, port, options: { root, releases } };
  }
  const addresses = remoteAddresses(env);
  const apiUrl = env.API_URL ?? 'http://localhost:4000';
  const adminUrl = env.ADMIN_URL ?? 'http://localhost:5174';
  const runtimeConfig = async (): Promise<HostConfig> => ({ apiUrl, adminUrl, ...(await lookUpLiveRemotes(addresses)) });
  return {
    name: app.name,
    port,
    options: {
      root,
      runtimeConfig,
      renderPage: createPageRenderer({ root, runtimeConfig, apiInternalUrl: env.API_INTERNAL_URL }),
    },
  };
}

async function main(): Promise<void> {
  const { name, port, options } = configure(process.env);
  const server = await createStaticApp(options);
  await server.listen({ host: '0.0.0.0', port });
  console.log(`${name} served on port ${port}`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
