// Serves ONE built front-end app, as its own deployment (one per container in docker-compose.yml).
// Env: APP (host | doctors | booking | account | pages), PORT, and for the host API_URL, ADMIN_URL
// and <NAME>_REMOTE_URL (the address browsers load each remote's remoteEntry.js from).
import { createStaticApp } from './static-app';
import { distDir, SITE_APPS, type AppName } from './site-apps';

function configure(env: NodeJS.ProcessEnv): { app: AppName; port: number; runtimeConfig?: object } {
  const problems: string[] = [];
  const app = SITE_APPS.find((candidate) => candidate.name === env.APP);
  if (!app) problems.push(`APP must be one of ${SITE_APPS.map((candidate) => candidate.name).join(', ')}`);
  const port = Number(env.PORT ?? app?.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push('PORT must be a port number');
  if (problems.length || !app) throw new Error(`Cannot start:\n- ${problems.join('\n- ')}`);
  if (app.name !== 'host') return { app: app.name, port };
  const remotes = Object.fromEntries(
    SITE_APPS.filter((candidate) => candidate.name !== 'host').map((remote) => [
      remote.name,
      env[`${remote.name.toUpperCase()}_REMOTE_URL`] ?? `http://localhost:${remote.port}/remoteEntry.js`,
    ]),
  );
  return {
    app: app.name,
    port,
    runtimeConfig: {
      apiUrl: env.API_URL ?? 'http://localhost:4000',
      adminUrl: env.ADMIN_URL ?? 'http://localhost:5174',
      remotes,
    },
  };
}

async function main(): Promise<void> {
  const { app, port, runtimeConfig } = configure(process.env);
  const server = await createStaticApp({ root: distDir(app), runtimeConfig });
  await server.listen({ host: '0.0.0.0', port });
  console.log(`${app} served on port ${port}`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
