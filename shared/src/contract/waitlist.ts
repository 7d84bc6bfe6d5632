import { z } from 'zod';
import { WEEKDAYS } from '../domain/schedule';
import { MESSAGES } from '../domain/messages';
import { appointmentDoctorSchema } from './appointments';
import { idField, requestBody } from './common';

/** Which part of the day a waitlist request accepts: mornings start before 13:00. */
export const PARTS_OF_DAY = ['any', 'morning', 'afternoon'] as const;

/**
 * `POST /api/v1/user/waitlist`: tell me of an earlier free time with this doctor. With
 * `appointmentId` (their booked upcoming visit with that doctor) a taken offer moves that visit;
 * without, it books one. Narrowing is optional: `before` (`YYYY-MM-DD`, times on earlier days
 * only), `weekdays`, `partOfDay`. Nothing but the doctor means any earlier time.
 */
export const waitlistRequestSchema = requestBody({
  docId: idField(MESSAGES.invalidDoctorId),
  appointmentId: idField(MESSAGES.invalidAppointmentId).optional(),
  before: z.string({ error: MESSAGES.waitlistBadBefore }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.waitlistBadBefore }).optional(),
  weekdays: z.array(z.enum(WEEKDAYS, { error: MESSAGES.badRequest }), { error: MESSAGES.badRequest }).max(7, { error: MESSAGES.badRequest }).optional(),
  partOfDay: z.enum(PARTS_OF_DAY, { error: MESSAGES.badRequest }).optional(),
});

/** One open request, as the patient's list shows it. */
export const waitlistEntrySchema = z.object({
  _id: z.string(),
  docId: z.string(),
  docData: appointmentDoctorSchema,
  /** The visit a taken offer moves, `null` when one would be booked. */
  appointmentId: z.string().nullable(),
  slotDate: z.string().nullable(),
  slotTime: z.string().nullable(),
  before: z.string().nullable(),
  weekdays: z.array(z.string()),
  partOfDay: z.enum(PARTS_OF_DAY),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
});

export const waitlistReplySchema = z.object({ success: z.literal(true), message: z.string(), request: waitlistEntrySchema });
export const waitlistListReplySchema = z.object({ success: z.literal(true), requests: z.array(waitlistEntrySchema) });
export const waitlistEndRequestSchema = requestBody({ requestId: idField(MESSAGES.waitlistNotFound) });
export const offerIdRequestSchema = requestBody({ offerId: idField(MESSAGES.offerNotFound) });
export const offerQuerySchema = z.object({ offerId: idField(MESSAGES.offerNotFound) }, { error: MESSAGES.badRequest });

/**
 * An offered earlier time, as the offer page shows it. `status`: `open` (it can be taken now),
 * `taken` (this patient took it), `gone` (someone else took it, it started, or the request ended).
 */
export const offerSchema = z.object({
  _id: z.string(),
  docId: z.string(),
  docData: appointmentDoctorSchema,
  slotDate: z.string(),
  slotTime: z.string(),
  status: z.enum(['open', 'taken', 'gone']),
  /** The visit it would replace, `null` when taking it books a new one. */
  current: z.object({ slotDate: z.string(), slotTime: z.string() }).nullable(),
});
export const offerReplySchema = z.object({ success: z.literal(true), offer: offerSchema });
export const offerTakenReplySchema = z.object({ success: z.literal(true), message: z.string(), appointmentId: z.string() });

/** `POST /api/v1/admin/appointment-missed`: mark a past visit missed (`missed: false` undoes it). */
export const missedRequestSchema = requestBody({
  appointmentId: idField(MESSAGES.invalidAppointmentId),
  missed: z.boolean({ error: MESSAGES.badRequest }),
});
export const patientIdRequestSchema = requestBody({ userId: idField(MESSAGES.patientNotFound) });

/** Per doctor, for the admin overview: the last 7 days' offers, takes and missed visits. */
export const waitlistOverviewReplySchema = z.object({
  success: z.literal(true),
  doctors: z.array(
    z.object({
      docId: z.string(),
      name: z.string(),
      openRequests: z.number(),
      offeredThisWeek: z.number(),
      takenThisWeek: z.number(),
      missedThisWeek: z.number(),
    }),
  ),
});
