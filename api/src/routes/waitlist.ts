import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasSlotStarted, isIsoDay, MESSAGES } from '@carebook/shared';
import {
  messageReplySchema,
  offerIdRequestSchema,
  offerQuerySchema,
  offerReplySchema,
  offerTakenReplySchema,
  waitlistEndRequestSchema,
  waitlistListReplySchema,
  waitlistReplySchema,
  waitlistRequestSchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import { refuseStoppedBooking } from '../lib/no-show-policy';
import { withErrors } from '../lib/reply-schemas';
import { toDocData } from '../lib/serialize';
import { auditOffers } from '../plugins/waitlist-audit';
import { listUserAppointments } from '../repositories/appointments-repository';
import { type DoctorRow, findDoctor } from '../repositories/doctors-repository';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';
import {
  endRequest,
  endStaleRequests,
  findOffer,
  insertRequest,
  listOpenRequests,
  type OpenRequestRow,
} from '../repositories/waitlist-repository';

/**
 * The patient's side of the waitlist (docs/product.md, "Waitlist and no-shows"): ask for an earlier time with
 * a doctor, list and end the requests, read an offered time and take it.
 */
export async function waitlistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = config.clinicTimeZone;

  async function doctorOf(id: string, known: Map<string, DoctorRow | null>): Promise<DoctorRow | null> {
    if (!known.has(id)) known.set(id, await findDoctor(db, id));
    return known.get(id) ?? null;
  }

  async function toEntry(row: OpenRequestRow, known: Map<string, DoctorRow | null>) {
    const doctor = await doctorOf(row.doctor_id, known);
    if (!doctor) throw new Error(`doctor ${row.doctor_id} of a waitlist request vanished`);
    return {
      _id: row.id,
      docId: row.doctor_id,
      docData: toDocData(doctor),
      appointmentId: row.appointment_id,
      slotDate: row.slot_date,
      slotTime: row.slot_time,
      before: row.before_day,
      weekdays: row.weekdays,
      partOfDay: row.part_of_day,
      createdAt: new Date(row.created_at).getTime(),
    };
  }

  /**
   * 201 with the request. Without `appointmentId`, the patient's next upcoming visit with the doctor
   * (if any) is the one a taken offer moves. 400 a bad "before" day or a visit that cannot move,
   * 404 unknown doctor, 403 online booking stopped (missed visits), 409 already waiting.
   */
  api.post(
    '/api/v1/user/waitlist',
    { preValidation: guards.requirePatient, preHandler: ctx.rateLimits.bookingWrites, schema: { body: waitlistRequestSchema, response: withErrors({ 201: waitlistReplySchema }) } },
    async (request, reply) => {
      const { docId, before, weekdays = [], partOfDay = 'any' } = request.body;
      const now = ctx.now();
      if (before !== undefined && !isIsoDay(before)) throw new HttpError(400, MESSAGES.waitlistBadBefore);
      const doctor = await findDoctor(db, docId);
      if (!doctor) throw new HttpError(404, MESSAGES.doctorNotFound);
      await refuseStoppedBooking(db, request.userId, config, now, timeZone);
      let appointmentId = request.body.appointmentId ?? null;
      if (appointmentId) {
        const own = await findOwnAppointment(db, appointmentId, request.userId);
        if (!own || own.doctor_id !== docId || own.cancelled || own.is_completed || hasSlotStarted(own.slot_date, own.slot_time, now, timeZone)) {
          throw new HttpError(400, MESSAGES.waitlistNotMovable);
        }
      } else {
        const upcoming = (await listUserAppointments(db, request.userId))
          .filter((a) => a.doctor_id === docId && !a.cancelled && !a.is_completed && !hasSlotStarted(a.slot_date, a.slot_time, now, timeZone))
          .at(-1); // newest first: the last is the next visit
        appointmentId = upcoming?.id ?? null;
      }
      await endStaleRequests(db, { now, timeZone, userId: request.userId });
      const id = randomUUID();
      try {
        await db.transaction(async (tx) => {
          await insertRequest(tx, { id, userId: request.userId, doctorId: docId, appointmentId, beforeDay: before ?? null, weekdays, partOfDay, now });
          const target = { type: 'waitlist-request', id, doctorId: docId, appointmentId };
          await ctx.audit.within(tx, request, 'waitlist.request', target, { before: before ?? null, weekdays, partOfDay });
        });
      } catch (error) {
        if (violatedUniqueIndex(error) !== null) throw new HttpError(409, MESSAGES.waitlistAlreadyOpen);
        throw error;
      }
      const row = (await listOpenRequests(db, { userId: request.userId })).find((r) => r.id === id);
      if (!row) throw new Error('a waitlist request vanished right after it was made');
      const entry = await toEntry(row, new Map([[docId, doctor]]));
      return reply.status(201).send({ success: true as const, message: MESSAGES.waitlistAdded, request: entry });
    },
  );

  api.get(
    '/api/v1/user/waitlist',
    { preValidation: guards.requirePatient, schema: { response: withErrors({ 200: waitlistListReplySchema }) } },
    async (request) => {
      await endStaleRequests(db, { now: ctx.now(), timeZone, userId: request.userId });
      const known = new Map<string, DoctorRow | null>();
      const requests = [];
      for (const row of await listOpenRequests(db, { userId: request.userId })) requests.push(await toEntry(row, known));
      return { success: true as const, requests };
    },
  );

  api.post(
    '/api/v1/user/waitlist-end',
    { preValidation: guards.requirePatient, schema: { body: waitlistEndRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const { requestId } = request.body;
      const ended = await db.transaction(async (tx) => {
        if (!(await endRequest(tx, requestId, request.userId, 'patient', ctx.now()))) return false;
        await ctx.audit.within(tx, request, 'waitlist.end', { type: 'waitlist-request', id: requestId }, { ended: 'patient' });
        return true;
      });
      if (!ended) throw new HttpError(404, MESSAGES.waitlistNotFound);
      return { success: true as const, message: MESSAGES.waitlistEnded };
    },
  );

  /** The offer page's facts; another patient's offer is 404, like a missing one. */
  api.get(
    '/api/v1/user/waitlist-offer',
    { preValidation: guards.requirePatient, schema: { querystring: offerQuerySchema, response: withErrors({ 200: offerReplySchema }) } },
    async (request) => {
      const offer = await findOffer(db, request.query.offerId);
      if (!offer || offer.user_id !== request.userId) throw new HttpError(404, MESSAGES.offerNotFound);
      const doctor = await findDoctor(db, offer.doctor_id);
      if (!doctor) throw new HttpError(404, MESSAGES.offerNotFound);
      const own = offer.appointment_id ? await findOwnAppointment(db, offer.appointment_id, request.userId) : null;
      const open = !offer.request_ended && !offer.slot_held && offer.expires_at.getTime() > ctx.now().getTime();
      const status = offer.taken_at ? ('taken' as const) : open ? ('open' as const) : ('gone' as const);
      // Once taken, the visit is at the offered time: what it replaced is history.
      const current = own && status !== 'taken' ? { slotDate: own.slot_date, slotTime: own.slot_time } : null;
      return {
        success: true as const,
        offer: { _id: offer.id, docId: offer.doctor_id, docData: toDocData(doctor), slotDate: offer.slot_date, slotTime: offer.slot_time, status, current },
      };
    },
  );

  /** "Take this time": 200 moved or booked; 409 gone (the patient keeps what they had); 404 not theirs. */
  api.post(
    '/api/v1/user/waitlist-take',
    { preValidation: guards.requirePatient, preHandler: ctx.rateLimits.bookingWrites, schema: { body: offerIdRequestSchema, response: withErrors({ 200: offerTakenReplySchema }) } },
    async (request) => {
      const { offerId } = request.body;
      const taken = await ctx.appointmentWrites.take(
        { offerId, userId: request.userId, now: ctx.now(), timeZone },
        {
          // The take, the move or booking it made, and the offers of the freed old time: one transaction with their entries.
          last: async (tx, made) => {
            const { appointmentId, doctorId, movedFrom } = made;
            const appointment = { type: 'appointment', id: appointmentId, appointmentId, doctorId };
            const changes = { slotDate: { from: movedFrom?.slotDate ?? null, to: made.slotDate }, slotTime: { from: movedFrom?.slotTime ?? null, to: made.slotTime } };
            await ctx.audit.within(tx, request, 'waitlist.take', { type: 'waitlist-offer', id: offerId, appointmentId, doctorId }, changes);
            if (movedFrom) await ctx.audit.within(tx, request, 'appointment.reschedule', appointment, { ...changes, by: 'waitlist' });
            else await ctx.audit.within(tx, request, 'appointment.book', appointment, { slotDate: made.slotDate, slotTime: made.slotTime, by: 'waitlist' });
            await auditOffers(ctx, tx, request, made.offers);
          },
        },
      );
      return { success: true as const, message: MESSAGES.offerTaken, appointmentId: taken.appointmentId };
    },
  );
}
