import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * Serves the files of one flat folder at `<prefix><name>`: only plain names with a known image
 * extension (no paths, so no traversal), typed by extension, with `nosniff` and an ETag.
 * (Written here rather than using @fastify/static, whose ESM-only dependency jest cannot load.)
 */
export function serveImages(
  app: FastifyInstance,
  options: { prefix: string; dir: string; cacheControl: string; extraHeaders?: Record<string, string> },
): void {
  app.get(`${options.prefix}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const ext = path.extname(name).toLowerCase();
    const type = TYPES[ext];
    if (!type || !/^[A-Za-z0-9_-]+\.[a-z]+$/.test(name)) return reply.callNotFound();
    const file = path.join(options.dir, name);
    let info;
    try {
      info = await stat(file);
    } catch {
      return reply.callNotFound();
    }
    if (!info.isFile()) return reply.callNotFound();
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    reply
      .header('content-type', type)
      .header('cache-control', options.cacheControl)
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin');
    for (const [key, value] of Object.entries(options.extraHeaders ?? {})) reply.header(key, value);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header('content-length', info.size);
    return reply.send(createReadStream(file));
  });
}
