// Serves the built admin app as its own deployment (its container in docker-compose.yml).
// Env: PORT (default 5174) and API_URL, the API address browsers call (served as /config.json);
// SITE_URL or PUBLIC_URL https: HSTS.
import { ADMIN_PORT, startAdminApp } from './admin/admin-app';
import { isHttpsDeployment } from './static/security-headers';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? ADMIN_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('Cannot start:\n- PORT must be a port number');
  const apiUrl = process.env.API_URL ?? 'http://localhost:4000';
  const server = await startAdminApp({ host: '0.0.0.0', port, apiUrl, https: isHttpsDeployment(process.env) });
  console.log(`admin served on port ${port} (API ${apiUrl})`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
