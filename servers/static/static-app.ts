import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ReleaseStore } from '../releases/release-store';
import { securityHeaders, type SecurityHeadersOptions } from './security-headers';

/** Files that must be revalidated on every load: they name the others, so a deploy shows at once. */
const HOST_ENTRY = 'hostEntry.js';
const ENTRY_FILES = new Set([
  'index.html',
  'remoteEntry.js',
  HOST_ENTRY,
  'mf-manifest.json',
  'host-mf-manifest.json',
  'remotes.json',
  'main.js',
  'release.json',
  'embed.js',
]);
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const RELEASE_PATH = /^\/releases\/([^/]+)\/(.+)$/;

export interface StaticAppOptions {
  /** The app's built folder (the host; a remote without releases). */
  root: string;
  /** A remote's releases: served instead of `root` (see {@link createStaticApp}). */
  releases?: ReleaseStore;
  /** Served as `/remotes.json` (the host's run-time configuration), computed per request. */
  runtimeConfig?: () => Promise<object>;
  /** The host: renders each page's HTML on the server (servers/host) instead of `index.html`. */
  renderPage?: (url: string) => Promise<{ status: number; html: string; gzip?: Buffer }>;
  /**
   * Page routes (router patterns such as `/appointment/:docId`, a last `:param?` optional): routed
   * straight to the page, without the static files' lookup on disk first (the host's pages).
   */
  pagePaths?: readonly string[];
  /** What the page's Content-Security-Policy allows besides its own origin (see security-headers.ts). */
  security?: SecurityHeadersOptions;
}

function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(gz|br)$/, '');
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return IMMUTABLE;
  return 'public, max-age=300';
}

/** A path inside a folder, or null when it is not a plain relative file path (`..`, NUL, ...). */
function safeRelative(file: string): string | null {
  const normal = path.posix.normalize(file);
  return normal.startsWith('..') || normal.startsWith('/') || normal.includes('\0') ? null : normal;
}

/**
 * A remote's files from its releases. `/releases/<id>/<file>` is that release's file, cached for a
 * year (a release never changes), so a tab that loaded release N keeps getting N's chunks while N
 * is kept. Any other path is the live release's file, else the newest kept release holding it:
 * `/remoteEntry.js` is the live entry for embedders, and chunks it names resolve from `/`.
 */
function serveRelease(store: ReleaseStore, url: string, reply: FastifyReply): FastifyReply | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (pathname === '/release.json') {
    const live = store.live();
    if (!live) return reply.code(404).type('application/json').send({ message: `${store.remote} has no live release` });
    // The composed site takes the host container (it shares the host's federation runtime) when
    // the release has one; `remoteEntry.js` carries its own runtime, for pages without our host.
    const entry = fs.existsSync(path.join(store.folder(live.id), HOST_ENTRY)) ? HOST_ENTRY : 'remoteEntry.js';
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/json')
      .send({ name: store.remote, ...live, entry: `/releases/${live.id}/${entry}` });
  }
  const pinned = RELEASE_PATH.exec(pathname);
  if (pinned) {
    const [, id = '', file = ''] = pinned;
    const relative = safeRelative(file);
    if (!relative || !store.list().includes(id) || !fs.existsSync(path.join(store.folder(id), relative))) return null;
    return reply.header('Cache-Control', IMMUTABLE).sendFile(relative, store.folder(id));
  }
  const relative = safeRelative(pathname.replace(/^\/+/, '') || 'index.html');
  if (!relative) return null;
  const live = store.live()?.id;
  const ids = [...(live ? [live] : []), ...store.list().filter((id) => id !== live).reverse()];
  const owner = ids.find((id) => fs.existsSync(path.join(store.folder(id), relative)));
  return owner ? reply.sendFile(relative, store.folder(owner)) : null;
}

/**
 * One deployed front-end app: its files with the cache rules above, CORS open (remotes are
 * loaded from other origins and embedded on other sites), the security headers on every reply,
 * and the HTML for any other GET path, so deep links such as `/doctors/Dermatologist` load the app.
 */
export async function createStaticApp(options: StaticAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const { releases, runtimeConfig, renderPage } = options;
  const indexHtml = path.join(options.root, 'index.html');
  if (!releases && !fs.existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run npm run build first`);

  const headers = securityHeaders(options.security);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.headers(headers.forEveryReply);
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.headers(headers.forDocuments);
  });
  if (runtimeConfig) {
    app.get('/remotes.json', async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('application/json').send(JSON.stringify(await runtimeConfig())),
    );
  }
  await app.register(fastifyStatic, {
    root: options.root,
    serve: !releases,
    // With a page renderer, `/` is a page like any other route, not the raw index.html.
    index: renderPage ? false : undefined,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', cacheControlFor(file));
    },
  });
  /** The app's HTML for a page URL (the host renders it; a remote or the admin app sends index.html). */
  const sendPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    if (releases) {
      const live = releases.live();
      if (!live) return reply.code(503).type('text/plain').send(`${releases.remote} has no live release`);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', releases.folder(live.id));
    }
    if (renderPage) {
      return renderPage(request.url).then(({ status, html, gzip }) => {
        reply.code(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
        // On a slow phone every kilobyte counts: gzip whenever the browser takes it. `negotiator`
        // reads Accept-Encoding as the RFC says: `gzip;q=0` refuses gzip, `*` accepts it.
        if (new Negotiator(request).encoding(['gzip']) !== 'gzip') return reply.send(html);
        return reply.header('Content-Encoding', 'gzip').send(gzip ?? zlib.gzipSync(html, { level: 6 }));
      });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  // `/` is a page, never the static plugin's directory: without an index file (the host) the plugin
  // answers a request for it that asks for no compression with 403, before any page is rendered.
  app.get('/', sendPage);
  const routed = new Set(['/']);
  for (const pattern of options.pagePaths ?? []) {
    const required = pattern.replace(/\/:[^/]+\?$/, '');
    for (const route of [required || '/', pattern.replace(/\?$/, '')]) {
      if (routed.has(route)) continue;
      routed.add(route);
      app.get(route, sendPage);
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && releases) {
      const served = serveRelease(releases, request.url, reply);
      if (served) return served;
    }
    const wantsPage = isRead && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.code(404).type('text/plain').send('Not found');
    return sendPage(request, reply);
  });
  return app;
}
