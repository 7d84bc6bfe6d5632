import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { appNamed } from '@carebook/shared/apps';
import { REPO_ROOT } from '../apps/site-apps';
import { createStaticApp } from '../static/static-app';

export const ADMIN_PORT = appNamed('admin').port;
export const ADMIN_DIST = path.join(REPO_ROOT, appNamed('admin').dir, 'dist');

/** What the admin app reads at run time from `/config.json`, so one build serves any API address. */
export interface AdminRuntimeConfig {
  apiUrl: string;
}

/** The built admin app (`admin/dist`) with its `/config.json`, as its own deployment. */
export async function createAdminServer(options: { apiUrl: string; root?: string; https?: boolean }): Promise<FastifyInstance> {
  const server = await createStaticApp({
    root: options.root ?? ADMIN_DIST,
    security: { apiUrl: options.apiUrl, https: options.https },
  });
  const body = JSON.stringify({ apiUrl: options.apiUrl } satisfies AdminRuntimeConfig);
  server.get('/config.json', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json').send(body),
  );
  return server;
}

/** The port to serve the admin app on: ADMIN_URL's own port when it names one, else 5174. */
export function adminPortOf(adminUrl: string): number {
  try {
    const port = Number(new URL(adminUrl).port);
    return Number.isInteger(port) && port > 0 ? port : ADMIN_PORT;
  } catch {
    return ADMIN_PORT;
  }
}

export async function startAdminApp(options: {
  host: string;
  port: number;
  apiUrl: string;
  root?: string;
  https?: boolean;
}): Promise<FastifyInstance> {
  const server = await createAdminServer(options);
  await server.listen({ host: options.host, port: options.port });
  return server;
}
