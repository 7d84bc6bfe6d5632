import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { SecurityHeadersOptions } from './security-headers';
import { createAppServer, notFound, registerStaticFiles, wantsPage } from './static-files';

export interface StaticAppOptions {
  /** The app's built folder. */
  root: string;
  /** What the page's Content-Security-Policy allows besides its own origin (see security-headers.ts). */
  security?: SecurityHeadersOptions;
}

/**
 * A plain built app (the admin app; a remote served without releases): its files, and its
 * index.html for `/` and any other page path, so deep links such as `/doctors/Dermatologist` load
 * the app. Routes: `GET /` the page; `GET /*` a file; a read of any other path without an
 * extension the page; anything else 404.
 */
export async function createStaticApp(options: StaticAppOptions): Promise<FastifyInstance> {
  const indexHtml = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run npm run build first`);
  const app = createAppServer(options.security);
  await registerStaticFiles(app, { root: options.root, serve: true });
  const sendPage = (_request: unknown, reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  // `/` is the page, never the static plugin's directory listing or index lookup.
  app.get('/', sendPage);
  app.setNotFoundHandler((request, reply) => (wantsPage(request) ? sendPage(request, reply) : notFound(reply)));
  return app;
}
