import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api/v1/';

/**
 * Every `/api/v1` route declares its replies (see `@carebook/shared/contract`): one registered
 * without them stops the app from building, so the wire contract cannot silently lose a route.
 */
export function requireReplySchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const replies = route.schema?.response;
    if (typeof replies !== 'object' || replies === null || Object.keys(replies).length === 0) {
      throw new Error(`${String(route.method)} ${route.url} has no reply schema (schema.response)`);
    }
  });
}
