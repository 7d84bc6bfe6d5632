import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import path from 'node:path';
import { securityHeaders, type SecurityHeadersOptions } from './security-headers';

// The pieces every app's server shares (static-app.ts, releases/release-app.ts, host/host-app.ts):
// the app with its headers, a built folder's files with their cache rules, and what a request wants.

/** A remote's container for the composed site (it shares the host's federation runtime). */
export const HOST_ENTRY = 'hostEntry.js';
/** Files that must be revalidated on every load: they name the others, so a deploy shows at once. */
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
export const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(gz|br)$/, '');
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return IMMUTABLE;
  return 'public, max-age=300';
}

/** A path inside a folder, or null when it is not a plain relative file path (`..`, NUL, ...). */
export function safeRelative(file: string): string | null {
  const normal = path.posix.normalize(file);
  return normal.startsWith('..') || normal.startsWith('/') || normal.includes('\0') ? null : normal;
}

/** A request's decoded path, or null when it does not decode. */
export function pathnameOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** A read (GET, HEAD) of a path without a file extension: a deep link such as `/doctors/Dermatologist`. */
export function wantsPage(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  return isRead && !path.extname(request.url.split('?')[0] ?? '');
}

export function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain').send('Not found');
}

/**
 * One deployed front-end app's HTTP server: CORS open (remotes are loaded from other origins and
 * embedded on other sites) and the security headers on every reply (the documents' own on HTML).
 */
export function createAppServer(security?: SecurityHeadersOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  const headers = securityHeaders(security);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.headers(headers.forEveryReply);
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.headers(headers.forDocuments);
  });
  return app;
}

export interface StaticFilesOptions {
  /** The folder `reply.sendFile` reads by default. */
  root: string;
  /** Serve the folder's files under `/*` (a request for no file falls to the not-found handler); else only `reply.sendFile`. */
  serve: boolean;
  /** `false`: `/` is not the folder's index.html (the host renders it). */
  index?: false;
}

/** A built folder's files (precompressed copies preferred) with the cache rules above, unless set already. */
export async function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.root,
    serve: options.serve,
    index: options.index,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', cacheControlFor(file));
    },
  });
}
