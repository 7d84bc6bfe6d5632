import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  normalizeEmail,
  staffOverCapMessage,
  tooManyUpcomingMessage,
  validateEmail,
  validateName,
  validatePhone,
  validateText,
} from '@carebook/shared';
import {
  CAP_REASON_MAX,
  messageReplySchema,
  patientSearchQuerySchema,
  patientSearchReplySchema,
  staffBookingReplySchema,
  staffBookingRequestSchema,
  staffRescheduleRequestSchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError } from '../lib/http-error';
import { idempotentWrite } from '../lib/idempotency';
import { hashPassword } from '../lib/passwords';
import { withErrors } from '../lib/reply-schemas';
import { auditOffers } from '../plugins/waitlist-audit';
import { findUserByEmail, insertInvitedUser, searchPatients } from '../repositories/users-repository';
import type { MovedFrom } from '../services/appointment-writes';
import { queueInvite } from '../services/password-reset';

/** Matches a search returns at most; the desk narrows by typing more. */
const SEARCH_LIMIT = 10;

/** A caller with no account yet: made in the booking's transaction, so a refused booking makes none. */
interface NewPatient {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/**
 * The desk's calls: find a caller, book them (making an account and inviting it when they have
 * none), move a visit. Bookings and moves are the patient's own use case
 * (`services/appointment-writes.ts`): the same slot rules, limits, emails and idempotency keys.
 */
export async function adminDeskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, appointmentWrites } = ctx;
  if (!config.admin) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';
  const guarded = { preValidation: guards.requireAdmin };

  /** 200 with up to ten patients whose name, email or phone contains `q`; 400 for under 2 or over 100 characters. */
  api.get(
    `${base}/patients`,
    { ...guarded, schema: { querystring: patientSearchQuerySchema, response: withErrors({ 200: patientSearchReplySchema }) } },
    async (request) => {
      const text = request.query.q.trim();
      if (text.length < 2 || text.length > 100) throw new HttpError(400, MESSAGES.patientSearchInvalid);
      const rows = await searchPatients(db, text, SEARCH_LIMIT);
      return { success: true as const, patients: rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, phone: row.phone })) };
    },
  );

  /**
   * 201 booked (for a new email, with a new account and an invite); 400 a bad field, a slot the
   * rules or the doctor's hours refuse, or a new patient without a name; 404 unknown doctor; 409
   * taken, doctor unavailable, the patient busy then, or over the per-patient limit without
   * `overCapReason`. A refusal changes nothing: no account, no email.
   */
  api.post(
    `${base}/book-appointment`,
    { ...guarded, schema: { body: staffBookingRequestSchema, response: withErrors({ 201: staffBookingReplySchema }) } },
    async (request, reply) => {
      const { docId, slotDate, slotTime, patient } = request.body;
      if (validateEmail(patient.email)) throw new HttpError(400, MESSAGES.invalidEmail);
      const email = normalizeEmail(patient.email);
      const reason = request.body.overCapReason?.trim() ?? '';
      if (reason.length > CAP_REASON_MAX || validateText(reason)) throw new HttpError(400, MESSAGES.capReasonInvalid);

      const existing = await findUserByEmail(db, email);
      let created: NewPatient | null = null;
      if (!existing) {
        const name = patient.name?.trim() ?? '';
        if (name === '') throw new HttpError(400, MESSAGES.patientNameNeeded);
        const problem = validateName(name) ?? validatePhone(patient.phone ?? '');
        if (problem) throw new HttpError(400, problem);
        created = { id: randomUUID(), name, email, phone: (patient.phone ?? '').trim() };
      }
      const userId = existing?.id ?? created?.id ?? '';
      const patientName = existing?.name ?? created?.name ?? '';
      const passwordHash = created ? await hashPassword(randomBytes(32).toString('base64url')) : '';
      const now = ctx.now();

      const makePatient = async (tx: Queryable): Promise<void> => {
        if (!created) return;
        if (!(await insertInvitedUser(tx, { ...created, passwordHash }))) throw new HttpError(409, MESSAGES.patientJustAdded);
        await queueInvite(tx, { userId: created.id, email, now });
      };
      const appointmentId = randomUUID();
      const sent = await idempotentWrite(db, request, {
        reply: {
          status: 201,
          body: {
            success: true as const,
            message: created ? MESSAGES.staffBookedNewPatient : MESSAGES.staffBooked,
            appointment: { _id: appointmentId, docId, userId, slotDate, slotTime, patientName, newPatient: created !== null },
          },
        },
        write: async (hooks) => {
          const slot = { appointmentId, doctorId: docId, userId, slotDate, slotTime, now, timeZone: config.clinicTimeZone, byClinic: true };
          try {
            await appointmentWrites.book(
              { ...slot, ...(reason ? { maxUpcoming: Number.MAX_SAFE_INTEGER } : {}) },
              {
                first: async (tx) => {
                  await hooks.first?.(tx);
                  await makePatient(tx);
                },
                last: hooks.last,
              },
            );
          } catch (error) {
            throw deskWording(error, config.maxUpcomingPerPatient);
          }
        },
        audit: async (tx) => {
          if (created) {
            await ctx.audit.within(tx, request, 'patient.invite', { type: 'patient', id: created.id, patientId: created.id }, {
              name: created.name,
              email,
              phone: created.phone,
            });
          }
          await ctx.audit.within(
            tx,
            request,
            'appointment.book',
            { type: 'appointment', id: appointmentId, appointmentId, patientId: userId, doctorId: docId },
            { slotDate, slotTime, by: 'clinic', newPatient: created !== null, ...(reason ? { overCapReason: reason } : {}) },
          );
        },
      });
      return reply.status(sent.status).send(sent.body);
    },
  );

  /**
   * Moves any patient's upcoming visit to another free time of its doctor: the patient's own move
   * (same rules, same email, the freed time offered to the waitlist), audited as the clinic's; the
   * cancellation cut-off, which closes online changes, does not apply. 400 / 404 / 409 as for the patient.
   */
  api.post(
    `${base}/appointment-reschedule`,
    { ...guarded, schema: { body: staffRescheduleRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request, reply) => {
      const { appointmentId, slotDate, slotTime } = request.body;
      const sent = await idempotentWrite(db, request, {
        reply: { status: 200, body: { success: true as const, message: MESSAGES.staffMoved } },
        write: async (hooks) => {
          try {
            return await appointmentWrites.move(
              { appointmentId, userId: null, slotDate, slotTime, now: ctx.now(), timeZone: config.clinicTimeZone },
              hooks,
            );
          } catch (error) {
            throw deskWording(error, config.maxUpcomingPerPatient);
          }
        },
        audit: async (tx, from: MovedFrom) => {
          await ctx.audit.within(
            tx,
            request,
            'appointment.reschedule',
            { type: 'appointment', id: appointmentId, appointmentId, patientId: from.patientId, doctorId: from.doctorId },
            { slotDate: { from: from.slotDate, to: slotDate }, slotTime: { from: from.slotTime, to: slotTime }, by: 'clinic' },
          );
          // The freed old time went to the waitlist in the move's transaction.
          await auditOffers(ctx, tx, request, from.offers);
        },
      });
      return reply.status(sent.status).send(sent.body);
    },
  );
}

/** The patient's refusals that speak to the patient ("you already..."), said to the desk about the patient. */
function deskWording(error: unknown, max: number): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error.message === MESSAGES.sameTimeBooked || error.message === MESSAGES.patientSlotClash) {
    return new HttpError(409, MESSAGES.patientSameTimeBooked);
  }
  if (error.message === tooManyUpcomingMessage(max)) return new HttpError(409, staffOverCapMessage(max), 'staffOverCap');
  return error;
}
