import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import type { AppContext } from '../context';
import { appointmentCalendar } from '../lib/appointment-calendar';
import { checkAppointmentId } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';

/**
 * `GET /api/v1/user/appointments/:appointmentId/calendar`: the patient's own appointment as an
 * `.ics` file (another patient's is 404). A cancelled one is still served, marked CANCELLED, so a
 * calendar that imported it can drop it.
 */
export async function calendarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;

  app.get<{ Params: { appointmentId: string } }>(
    '/api/v1/user/appointments/:appointmentId/calendar',
    { preHandler: guards.requirePatient },
    async (request, reply) => {
      const appointmentId = checkAppointmentId(request.params.appointmentId);
      const row = await findOwnAppointment(db, appointmentId, request.userId);
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
