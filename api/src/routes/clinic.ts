import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinicReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { withErrors } from '../lib/reply-schemas';

export async function clinicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Ready when the database answers; for load balancers and the e2e harness. */
  app.get('/health', async (request, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { success: true, status: 'ok', database: ctx.db.driver };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ success: false, status: 'unavailable' });
    }
  });

  /** The clinic's time zone, so the site lays out slots exactly as the server checks them. */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/v1/clinic', { schema: { response: withErrors({ 200: clinicReplySchema }) } }, async () => ({
      success: true as const,
      clinic: { timeZone: ctx.config.clinicTimeZone },
    }));
}
