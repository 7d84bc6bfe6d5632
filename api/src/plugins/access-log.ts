import type { FastifyInstance } from 'fastify';

/**
 * One line per request instead of fastify's two ("incoming request" + "request completed", each
 * with the full request object): method, url, status and time, which is what an operator reads.
 * Requests slower than a second and 5xx replies are logged at `warn`, so LOG_LEVEL=warn keeps
 * only what needs a look. The doctor list's fast path logs a per-minute count instead (measured
 * cost: see `doctors-fast-path.ts` and api/README.md).
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const level = status >= 500 || ms > 1000 ? 'warn' : 'info';
    request.log[level]({ method: request.method, url: request.url, status, ms: Math.round(ms * 10) / 10 }, 'request');
    done();
  });
}
