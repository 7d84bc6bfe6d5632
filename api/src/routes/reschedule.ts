import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@carebook/shared';
import { messageReplySchema, rescheduleRequestSchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { idempotentWrite } from '../lib/idempotency';
import { auditOffers } from '../plugins/waitlist-audit';
import { withErrors } from '../lib/reply-schemas';
import type { MovedFrom } from '../services/appointment-writes';

/**
 * `POST /api/v1/user/reschedule-appointment {appointmentId, slotDate, slotTime}`: moves the
 * patient's own upcoming appointment to another slot of the same doctor, in one transaction.
 * 400 bad or past new slot, outside the doctor's hours or on time off, or the appointment is cancelled, completed or already started;
 * 404 not theirs; 409 the new slot is taken or the doctor stopped taking appointments
 * (`services/appointment-writes.ts`). A refusal changes nothing.
 */
export async function rescheduleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, guards } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/user/reschedule-appointment',
    {
      preValidation: guards.requirePatient,
      preHandler: ctx.rateLimits.bookingWrites,
      schema: { body: rescheduleRequestSchema, response: withErrors({ 200: messageReplySchema }) },
    },
    async (request, reply) => {
      const { appointmentId, slotDate, slotTime } = request.body;
      const sent = await idempotentWrite(ctx.db, request, {
        reply: { status: 200, body: { success: true as const, message: MESSAGES.appointmentRescheduled } },
        write: (hooks) =>
          ctx.appointmentWrites.move({ appointmentId, userId: request.userId, slotDate, slotTime, now: ctx.now(), timeZone: config.clinicTimeZone }, hooks),
        audit: async (tx, from: MovedFrom) => {
          await ctx.audit.within(
            tx,
            request,
            'appointment.reschedule',
            { type: 'appointment', id: appointmentId, appointmentId, doctorId: from.doctorId },
            { slotDate: { from: from.slotDate, to: slotDate }, slotTime: { from: from.slotTime, to: slotTime } },
          );
          await auditOffers(ctx, tx, request, from.offers);
        },
      });
      return reply.status(sent.status).send(sent.body);
    },
  );
}
