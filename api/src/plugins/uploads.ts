import type { FastifyInstance } from 'fastify';
import type { UploadStore } from '../lib/images';

/**
 * Serves uploaded photos from the database at `/uploads/<name>`. A name is random and never
 * reused, so the photo may be cached for good and the name itself is the ETag.
 */
export function serveUploads(app: FastifyInstance, store: UploadStore): void {
  app.get('/uploads/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const image = await store.load(name);
    if (!image) return reply.callNotFound();
    const etag = `"${name}"`;
    reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(image.bytes);
  });
}
