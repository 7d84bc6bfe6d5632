import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelCutoffMessage, hasSlotStarted, MESSAGES, slotInterval } from '@carebook/shared';
import {
  appointmentIdRequestSchema,
  appointmentsReplySchema,
  bookingReplySchema,
  bookingRequestSchema,
  messageReplySchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { idempotentWrite } from '../lib/idempotency';
import { isWithinCutoff } from '../lib/no-show-policy';
import { auditOffers } from '../plugins/waitlist-audit';
import { cancelRefusal } from '../lib/refusals';
import { withErrors } from '../lib/reply-schemas';
import { outsideHoursOf, toAppointment } from '../lib/serialize';
import { findAppointmentState, keepStrandedVisit, listUserAppointments } from '../repositories/appointments-repository';
import { findOwnAppointment, type OwnAppointmentRow } from '../repositories/patient-appointment-repository';
import { listUserRatings } from '../repositories/ratings-repository';
import type { MadeOffer } from '../services/waitlist';

/** What a patient's cancel made: the visit as it was, and the offers of its freed time. */
interface CancelMade {
  own: OwnAppointmentRow | null;
  offers: MadeOffer[];
}

export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, appointmentWrites } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * 400 off-grid / past / too far / outside the doctor's hours or on time off, 404 unknown doctor,
   * 409 doctor unavailable, slot taken, or a
   * per-patient limit (same time, MAX_UPCOMING_PER_PATIENT). "Taken" is decided by the partial
   * unique index at insert time, never by a read before it.
   */
  api.post(
    '/api/v1/user/book-appointment',
    {
      preValidation: guards.requirePatient,
      preHandler: ctx.rateLimits.bookingWrites,
      schema: { body: bookingRequestSchema, response: withErrors({ 201: bookingReplySchema }) },
    },
    async (request, reply) => {
      const { docId, slotDate, slotTime } = request.body;
      const appointmentId = randomUUID();
      const slot = { slotDate, slotTime, now: ctx.now(), timeZone: config.clinicTimeZone };
      const sent = await idempotentWrite(db, request, {
        reply: { status: 201, body: { success: true as const, message: MESSAGES.appointmentBooked, appointmentId } },
        write: (hooks) => appointmentWrites.book({ appointmentId, doctorId: docId, userId: request.userId, ...slot }, hooks),
        audit: (tx) => ctx.audit.within(tx, request, 'appointment.book', { type: 'appointment', id: appointmentId, appointmentId, doctorId: docId }, { slotDate, slotTime }),
      });
      return reply.status(sent.status).send(sent.body);
    },
  );

  api.get(
    '/api/v1/user/appointments',
    { preValidation: guards.requirePatient, schema: { response: withErrors({ 200: appointmentsReplySchema }) } },
    async (request) => {
      const [rows, ratings] = await Promise.all([listUserAppointments(db, request.userId), listUserRatings(db, request.userId)]);
      const appointments = rows.map((row) => ({
        ...toAppointment(config.publicUrl, row),
        rating: ratings.get(row.id) ?? null,
        outsideHours: outsideHoursOf(row),
      }));
      return { success: true as const, appointments };
    },
  );

  /**
   * Own appointment only (another patient's is 404, unchanged); twice or after completion is 409;
   * once it has started it is 400, like a reschedule (the visit is over or under way).
   */
  api.post(
    '/api/v1/user/cancel-appointment',
    {
      preValidation: guards.requirePatient,
      preHandler: ctx.rateLimits.bookingWrites,
      schema: { body: appointmentIdRequestSchema, response: withErrors({ 200: messageReplySchema }) },
    },
    async (request, reply) => {
      const { appointmentId } = request.body;
      const sent = await idempotentWrite(db, request, {
        reply: { status: 200, body: { success: true as const, message: MESSAGES.appointmentCancelled } },
        write: async (hooks) => {
          const own = await findOwnAppointment(db, appointmentId, request.userId);
          if (own && !own.cancelled && !own.is_completed) {
            if (hasSlotStarted(own.slot_date, own.slot_time, ctx.now(), config.clinicTimeZone)) throw new HttpError(400, MESSAGES.appointmentPast);
            const start = slotInterval(own.slot_date, own.slot_time, config.clinicTimeZone)?.start;
            if (start && isWithinCutoff(start, ctx.now(), config.cancelCutoffHours)) throw new HttpError(400, cancelCutoffMessage(config.cancelCutoffHours), 'cancelCutoff');
          }
          let made: CancelMade = { own, offers: [] };
          const cancelled = await appointmentWrites.cancel(appointmentId, request.userId, {
            first: hooks.first,
            last: async (tx, offers) => {
              made = { own, offers };
              await hooks.last?.(tx, made);
            },
          });
          if (!cancelled) {
            throw cancelRefusal(await findAppointmentState(db, appointmentId, request.userId));
          }
          return made;
        },
        audit: async (tx, { own, offers }: CancelMade) => {
          await ctx.audit.within(
            tx,
            request,
            'appointment.cancel',
            { type: 'appointment', id: appointmentId, appointmentId, doctorId: own?.doctor_id ?? null },
            { cancelled: { from: false, to: true }, by: 'patient' },
          );
          await auditOffers(ctx, tx, request, offers);
        },
      });
      return reply.status(sent.status).send(sent.body);
    },
  );

  /**
   * The patient keeps a visit that a schedule change left outside the doctor's times (they were
   * emailed): its reminder goes out as usual. 404 not theirs, 409 not waiting for a decision.
   */
  api.post(
    '/api/v1/user/keep-appointment',
    {
      preValidation: guards.requirePatient,
      preHandler: ctx.rateLimits.bookingWrites,
      schema: { body: appointmentIdRequestSchema, response: withErrors({ 200: messageReplySchema }) },
    },
    async (request) => {
      const { appointmentId } = request.body;
      const own = await findOwnAppointment(db, appointmentId, request.userId);
      if (!own) throw new HttpError(404, MESSAGES.appointmentNotFound);
      const kept = await db.transaction(async (tx) => {
        if (!(await keepStrandedVisit(tx, appointmentId, 'kept-by-patient', request.userId))) return false;
        const target = { type: 'appointment', id: appointmentId, appointmentId, doctorId: own.doctor_id };
        await ctx.audit.within(tx, request, 'appointment.keep', target, { kept: 'kept-by-patient' });
        return true;
      });
      if (!kept) throw new HttpError(409, MESSAGES.appointmentNotHeld);
      return { success: true as const, message: MESSAGES.appointmentKept };
    },
  );
}

