import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@carebook/shared';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown: every reply from now on says `Connection: close`, requests that
     * arrive from now on get 503. After `graceMs` (time for busy keep-alive connections to get
     * their last reply), closes the server: idle connections end, in-flight requests finish.
     */
    shutdownGracefully(graceMs: number): Promise<void>;
    /** True once `shutdownGracefully` was called. */
    isShuttingDown(): boolean;
  }
}

/**
 * Why not just `app.close()`: closing the listener closes idle keep-alive connections at once,
 * and a client that was about to reuse one (it just got a reply) sees a reset. Saying
 * `Connection: close` on replies first lets busy clients move off their connections cleanly; only
 * connections idle for the whole grace period are then closed. Register before the routes.
 */
export function registerShutdown(app: FastifyInstance): void {
  let closing = false;
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.status(503).header('connection', 'close').header('retry-after', '1').send({ success: false, message: MESSAGES.serviceClosing });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.decorate('isShuttingDown', () => closing);
  app.decorate('shutdownGracefully', async function shutdownGracefully(this: FastifyInstance, graceMs: number) {
    closing = true;
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    await this.close();
  });
}
