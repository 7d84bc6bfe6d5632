import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { idField, requestBody } from './common';
import { appointmentSchema, rescheduleRequestSchema } from './appointments';
import { doctorSchema } from './doctors';

export const adminDoctorsReplySchema = z.object({ success: z.literal(true), doctors: z.array(doctorSchema) });

/** `add-doctor` / `update-doctor` (multipart, read by the form reader): the saved doctor. */
export const doctorReplySchema = z.object({ success: z.literal(true), message: z.string(), doctor: doctorSchema });

export const doctorIdRequestSchema = requestBody({ docId: idField(MESSAGES.invalidDoctorId) });

export const availabilityReplySchema = z.object({ success: z.literal(true), message: z.string(), available: z.boolean() });

export const appointmentStatusSchema = z.enum(['upcoming', 'completed', 'cancelled']);

// A repeated parameter arrives as an array: a 400, so a typo never silently widens the list.
const filterText = (invalid: string) => z.string({ error: invalid }).optional();

/** Narrows the list; empty values mean "any". Days are `YYYY-MM-DD` in the clinic's calendar. */
export const adminAppointmentsQuerySchema = z.object({
  docId: filterText(MESSAGES.badRequest),
  from: filterText(MESSAGES.invalidDateFilter),
  to: filterText(MESSAGES.invalidDateFilter),
  status: filterText(MESSAGES.invalidStatusFilter),
});

/** An appointment as the admin list returns it: the patient's contact details included. */
export const adminAppointmentSchema = appointmentSchema.extend({
  userId: z.string(),
  userData: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string(), image: z.string() }),
  /**
   * Set once a schedule change left the visit outside the doctor's times and the patient was
   * emailed (`toldAt`, ms): `held` while its reminder waits for a decision, then who decided
   * (`answer`: the patient kept it, staff kept it, or it was moved).
   */
  stranded: z
    .object({ toldAt: z.number(), held: z.boolean(), answer: z.enum(['kept-by-patient', 'kept-by-staff', 'moved']).nullable() })
    .nullable()
    .optional(),
  /** Staff marked it missed (the patient did not come). */
  missed: z.boolean(),
  /** The patient's missed visits that count toward the no-show limit (since staff last lifted it). */
  patientMissed: z.number(),
});

export const adminAppointmentsReplySchema = z.object({ success: z.literal(true), appointments: z.array(adminAppointmentSchema) });

/**
 * `POST /api/v1/admin/doctor-schedule`: the doctor's whole schedule. `weekly` and `timeOff` are
 * checked by `validateSchedule` (its messages name the field); `dryRun: true` only lists the
 * conflicts the change would have, saving nothing.
 */
export const doctorScheduleRequestSchema = requestBody({
  docId: idField(MESSAGES.invalidDoctorId),
  weekly: z.unknown().optional(),
  timeOff: z.unknown().optional(),
  dryRun: z.boolean({ error: MESSAGES.badRequest }).optional(),
});

/** The saved doctor (with its schedule) and the upcoming appointments now outside it: kept, never cancelled. */
export const doctorScheduleReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  doctor: doctorSchema,
  conflicts: z.array(adminAppointmentSchema),
});

/** `GET /api/v1/admin/appointment-emails?appointmentId=...`. */
export const appointmentEmailsQuerySchema = z.object({ appointmentId: idField(MESSAGES.invalidAppointmentId) });

/**
 * One email about an appointment: `pending` (waiting or being retried: `lastError` says why),
 * `sent`, `failed` (refused for good by the mail server) or `skipped` (a reminder for a visit
 * that was moved or cancelled first). Times are milliseconds since the epoch.
 */
export const appointmentEmailSchema = z.object({
  id: z.string(),
  kind: z.enum(['booked', 'moved', 'cancelled', 'reminder', 'password-reset', 'stranded', 'earlier-time']),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  /** When a pending email is tried next; `null` once it is sent, failed or skipped. */
  nextAttemptAt: z.number().nullable(),
});

export const appointmentEmailsReplySchema = z.object({ success: z.literal(true), emails: z.array(appointmentEmailSchema) });

/** The most a desk may write as the reason for booking a patient over the per-patient limit. */
export const CAP_REASON_MAX = 200;

/**
 * `POST /api/v1/admin/book-appointment`: the desk books a caller. `patient.email` finds an existing
 * account; an unknown email makes a new one (then `name` is needed; `phone` optional) and invites
 * it by email. `overCapReason` lets the clinic go over the per-patient limit; the trail records it.
 */
export const staffBookingRequestSchema = requestBody({
  docId: idField(MESSAGES.invalidDoctorId),
  slotDate: z.string({ error: MESSAGES.slotInvalidDate }),
  slotTime: z.string({ error: MESSAGES.slotInvalidTime }),
  patient: z.object(
    {
      email: z.string({ error: MESSAGES.invalidEmail }),
      name: z.string({ error: MESSAGES.badRequest }).optional(),
      phone: z.string({ error: MESSAGES.badRequest }).optional(),
    },
    { error: MESSAGES.invalidEmail },
  ),
  overCapReason: z.string({ error: MESSAGES.capReasonInvalid }).optional(),
});

/** The booking as the desk sees it at once (the calendar reloads the full row). */
export const staffBookingSchema = z.object({
  _id: z.string(),
  docId: z.string(),
  userId: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  patientName: z.string(),
  /** `true` when this booking made the patient's account (an invite email is on its way). */
  newPatient: z.boolean(),
});

export const staffBookingReplySchema = z.object({ success: z.literal(true), message: z.string(), appointment: staffBookingSchema });

/** `POST /api/v1/admin/appointment-reschedule`: the same body as a patient's own move. */
export const staffRescheduleRequestSchema = rescheduleRequestSchema;

/** `GET /api/v1/admin/patients?q=`: patients whose name, email or phone contains `q`. */
export const patientSearchQuerySchema = z.object({ q: z.string({ error: MESSAGES.patientSearchInvalid }) });

export const patientMatchSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() });

export const patientSearchReplySchema = z.object({ success: z.literal(true), patients: z.array(patientMatchSchema) });
