import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@carebook/shared';
import { calendarParamsSchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { appointmentCalendar } from '../lib/appointment-calendar';
import { HttpError } from '../lib/http-error';
import { withErrors } from '../lib/reply-schemas';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';

/**
 * `GET /api/v1/user/appointments/:appointmentId/calendar`: the patient's own appointment as an
 * `.ics` file (another patient's is 404). A cancelled one is still served, marked CANCELLED, so a
 * calendar that imported it can drop it.
 */
export async function calendarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/user/appointments/:appointmentId/calendar',
    {
      preValidation: guards.requirePatient,
      // The success is RFC 5545 text, sent as a string, which fastify does not serialise.
      schema: { params: calendarParamsSchema, response: withErrors({ 200: z.string() }) },
    },
    async (request, reply) => {
      const row = await findOwnAppointment(db, request.params.appointmentId, request.userId);
      const ics = row && appointmentCalendar(row, config.clinicTimeZone, ctx.now());
      if (!row || !ics) throw new HttpError(404, MESSAGES.appointmentNotFound);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="carebook-appointment-${row.slot_date}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
}
