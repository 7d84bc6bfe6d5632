import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Plain names with an image extension: no folders, no dot files, nothing but the photos. */
const IMAGE_NAME = /^\/[A-Za-z0-9_-]+\.(svg|png|jpe?g|webp)$/;

/**
 * Serves the photos of one flat folder at `<prefix><name>` with @fastify/static (ETag,
 * Last-Modified, 304, ranges), typed by extension, with `nosniff`, and readable by other origins
 * (the embed shows them on clinics' sites). Any other name is this API's JSON 404.
 */
export async function serveImages(
  app: FastifyInstance,
  options: { prefix: string; dir: string; cacheControl: string },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.dir,
    prefix: options.prefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'ignore',
    cacheControl: false,
    allowedPath: (pathName) => IMAGE_NAME.test(pathName),
    setHeaders: (reply) => {
      reply.header('cache-control', options.cacheControl);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
