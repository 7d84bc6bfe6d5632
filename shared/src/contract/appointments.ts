import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { validateRating } from '../domain/rating';
import { addressSchema, idField, requestBody } from './common';

/** The doctor's details copied onto an appointment when it is booked. */
export const appointmentDoctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  specialization: z.string(),
  address: addressSchema,
  fees: z.number(),
});

/** One of the patient's appointments, as `GET /api/v1/user/appointments` returns it. */
export const appointmentSchema = z.object({
  _id: z.string(),
  docId: z.string(),
  /** `day_month_year`, no zero padding: `5_1_2027`. */
  slotDate: z.string(),
  /** `HH:mm`, 24-hour, in the clinic time zone: `14:30`. */
  slotTime: z.string(),
  docData: appointmentDoctorSchema,
  amount: z.number(),
  /** Milliseconds since the epoch when it was booked. */
  date: z.number(),
  cancelled: z.boolean(),
  payment: z.boolean(),
  isCompleted: z.boolean(),
  /** The patient's own rating of this visit (1-5), `null` when not rated yet. */
  rating: z.number().nullable().optional(),
  /**
   * A change of the doctor's hours or time off left this visit outside them (the patient was
   * emailed): `'ask'` while it waits for the patient's answer (keep it or move it), `'kept'` once
   * kept at its time by the patient or the clinic; `null` (or absent) otherwise.
   */
  outsideHours: z.enum(['ask', 'kept']).nullable().optional(),
});

export const appointmentsReplySchema = z.object({ success: z.literal(true), appointments: z.array(appointmentSchema) });

// The slot's format, range and time rules need the clock and the clinic's zone: `checkSlot` decides.
const slotFields = {
  slotDate: z.string({ error: MESSAGES.slotInvalidDate }),
  slotTime: z.string({ error: MESSAGES.slotInvalidTime }),
};

export const bookingRequestSchema = requestBody({ docId: idField(MESSAGES.invalidDoctorId), ...slotFields });

/** The booking reply: `appointmentId` names the new appointment (for its calendar file, etc.). */
export const bookingReplySchema = z.object({ success: z.literal(true), message: z.string(), appointmentId: z.string() });

export const appointmentIdRequestSchema = requestBody({ appointmentId: idField(MESSAGES.invalidAppointmentId) });

export const rescheduleRequestSchema = requestBody({ appointmentId: idField(MESSAGES.invalidAppointmentId), ...slotFields });

export const ratingRequestSchema = requestBody({
  appointmentId: idField(MESSAGES.invalidAppointmentId),
  /** Whole stars, 1 to 5. */
  rating: z.number({ error: MESSAGES.ratingInvalid }).refine((value) => validateRating(value) === null, { error: MESSAGES.ratingInvalid }),
  /** At most 500 characters; plain text. */
  comment: z.string({ error: MESSAGES.ratingCommentInvalid }).nullish(),
});

export const calendarParamsSchema = z.object({ appointmentId: idField(MESSAGES.invalidAppointmentId) });
