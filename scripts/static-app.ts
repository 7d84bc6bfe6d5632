import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/** Files that must be revalidated on every load: they name the others, so a deploy shows at once. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json', 'main.js']);
const HASHED = /\.[0-9a-f]{8}\.js(\.map)?$/;

export interface StaticAppOptions {
  /** The app's built folder. */
  root: string;
  /** Served as `/remotes.json` (the host's run-time configuration). */
  runtimeConfig?: object;
}

export function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(gz|br)$/, '');
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * One deployed front-end app: its `dist/` with the cache rules above, CORS open (remotes are
 * loaded from other origins and embedded on other sites), and the HTML for any other GET path,
 * so deep links such as `/doctors/Dermatologist` load the app.
 */
export async function createStaticApp(options: StaticAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const indexHtml = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run npm run build first`);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  if (options.runtimeConfig) {
    const body = JSON.stringify(options.runtimeConfig);
    app.get('/remotes.json', async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('application/json').send(body),
    );
  }
  await app.register(fastifyStatic, {
    root: options.root,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => reply.header('Cache-Control', cacheControlFor(file)),
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
