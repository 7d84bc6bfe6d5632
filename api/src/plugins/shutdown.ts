import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import { refusalBody } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown: the listener stops accepting at once, every reply from now on
     * says `Connection: close`, requests that still arrive on open connections get 503. After
     * `graceMs` (time for busy keep-alive connections to get their last reply), closes the server:
     * idle connections end, in-flight requests finish.
     */
    shutdownGracefully(graceMs: number): Promise<void>;
    /** True once `shutdownGracefully` was called. */
    isShuttingDown(): boolean;
  }
}

/**
 * Why not just `app.close()`: Node's `http.Server#close` closes idle keep-alive connections at
 * once, and a client that was about to reuse one (it just got a reply) sees a reset. So the
 * listening socket alone is closed first (`net.Server#close`): a new connection is refused, which a
 * client or load balancer can safely retry elsewhere, instead of being accepted during the grace
 * period and reset when the server closes. Saying `Connection: close` on replies lets busy clients
 * move off their connections cleanly; only connections idle for the whole grace period are then
 * closed. fastify's own 503 while closing (another body, no `Retry-After`) is turned off in
 * `app.ts` (`return503OnClosing: false`), so this hook answers those requests too. Register
 * before the routes.
 */
export function registerShutdown(app: FastifyInstance): void {
  let closing = false;
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.status(503).header('connection', 'close').header('retry-after', '1').send(refusalBody(503, MESSAGES.serviceClosing));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // A plain `app.close()` (tests, a failed start) closes the same way, without the grace period.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.decorate('isShuttingDown', () => closing);
  app.decorate('shutdownGracefully', async function shutdownGracefully(this: FastifyInstance, graceMs: number) {
    closing = true;
    if (this.server.listening) net.Server.prototype.close.call(this.server);
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    await this.close();
  });
}
