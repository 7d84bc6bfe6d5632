import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasSlotStarted, MESSAGES } from '@carebook/shared';
import { messageReplySchema, missedRequestSchema, patientIdRequestSchema, waitlistOverviewReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { withErrors } from '../lib/reply-schemas';
import { findAppointmentParties, findAppointmentSlot } from '../repositories/appointments-repository';
import { liftNoShows, setMissed } from '../repositories/no-shows-repository';
import { waitlistFigures } from '../repositories/waitlist-repository';

const WEEK_MS = 7 * 86_400_000;

/**
 * Staff's side of no-shows and the waitlist (docs/product.md, "Waitlist and no-shows"): mark a past visit
 * missed or undo it, lift a patient's no-show stop, and the per-doctor figures of the overview.
 */
export async function adminNoShowRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, audit } = ctx;
  if (!config.admin) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';
  const guarded = { preValidation: guards.requireAdmin };

  /** 404 unknown; 400 before the visit's time; 409 cancelled or completed. Repeating is harmless. */
  api.post(
    `${base}/appointment-missed`,
    { ...guarded, schema: { body: missedRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const { appointmentId, missed } = request.body;
      const [parties, slot] = await Promise.all([findAppointmentParties(db, appointmentId), findAppointmentSlot(db, appointmentId)]);
      if (!parties || !slot) throw new HttpError(404, MESSAGES.appointmentNotFound);
      const message = missed ? MESSAGES.appointmentMarkedMissed : MESSAGES.appointmentMissedUndone;
      if (missed && !hasSlotStarted(slot.slotDate, slot.slotTime, ctx.now(), config.clinicTimeZone)) throw new HttpError(400, MESSAGES.missedTooEarly);
      if (missed && (parties.cancelled || parties.is_completed)) throw new HttpError(409, MESSAGES.missedNotPossible);
      // The mark and its audit entry in one transaction: both or neither.
      await db.transaction(async (tx) => {
        if (!(await setMissed(tx, appointmentId, missed, ctx.now()))) return;
        await audit.within(
          tx,
          request,
          missed ? 'appointment.missed' : 'appointment.missed-undone',
          { type: 'appointment', id: appointmentId, appointmentId, patientId: parties.user_id, doctorId: parties.doctor_id },
          { missed: { from: !missed, to: missed } },
        );
      });
      return { success: true as const, message };
    },
  );

  /** Missed visits marked so far stop counting toward NO_SHOW_LIMIT; 404 unknown patient. */
  api.post(
    `${base}/patient-no-show-lift`,
    { ...guarded, schema: { body: patientIdRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const { userId } = request.body;
      const lifted = await db.transaction(async (tx) => {
        if (!(await liftNoShows(tx, userId, ctx.now()))) return false;
        await audit.within(tx, request, 'patient.no-show-lift', { type: 'user', id: userId, patientId: userId });
        return true;
      });
      if (!lifted) throw new HttpError(404, MESSAGES.patientNotFound);
      return { success: true as const, message: MESSAGES.noShowLifted };
    },
  );

  api.get(`${base}/waitlist-overview`, { ...guarded, schema: { response: withErrors({ 200: waitlistOverviewReplySchema }) } }, async () => {
    const rows = await waitlistFigures(db, new Date(ctx.now().getTime() - WEEK_MS));
    return {
      success: true as const,
      doctors: rows.map((row) => ({
        docId: row.doctor_id,
        name: row.name,
        openRequests: row.open_requests,
        offeredThisWeek: row.offered,
        takenThisWeek: row.taken,
        missedThisWeek: row.missed,
      })),
    };
  });
}
