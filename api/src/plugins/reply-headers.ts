import type { FastifyInstance } from 'fastify';

/** Calls whose replies carry a patient's or the clinic's data, or a token: no cache may keep them. */
const PERSONAL_PREFIXES = ['/api/v1/user/', '/api/v1/admin/'];

/** Seconds a client should wait before trying again, when a 503 or 429 did not say. */
const DEFAULT_RETRY_AFTER = '1';

/**
 * Headers every reply gets: `nosniff` (a JSON or text reply is never run as script or styles),
 * `Cache-Control: no-store` on personal replies (a shared computer's or a proxy's cache never keeps
 * a profile, an appointment list or a token), and `Retry-After` on every 503 and 429, whoever
 * produced it. The doctor list's fast path (`doctors-fast-path.ts`) sets the same `nosniff` itself.
 */
export function registerReplyHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    const path = request.url;
    const personal = PERSONAL_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (personal && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
    if ((reply.statusCode === 503 || reply.statusCode === 429) && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', DEFAULT_RETRY_AFTER);
    }
    done(null, payload);
  });
}
