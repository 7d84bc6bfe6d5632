import type {
  Appointment,
  AppointmentsReply,
  BookingReply,
  BookingRequest,
  MessageReply,
  RatingRequest,
  RescheduleRequest,
} from '../types';
import type { ApiClient } from './client';

export async function getAppointments(api: ApiClient): Promise<Appointment[]> {
  return (await api.get<AppointmentsReply>('/api/v1/user/appointments')).appointments;
}

// Book, cancel and reschedule take the user action's Idempotency-Key (see `action-keys.ts`): a
// request cut off after the server committed can be sent again and gets the first reply.

/** Books a slot; the reply names the new appointment. */
export function bookAppointment(api: ApiClient, body: BookingRequest, idempotencyKey?: string): Promise<BookingReply> {
  return api.post<BookingReply>('/api/v1/user/book-appointment', body, { idempotencyKey });
}

export function cancelAppointment(api: ApiClient, appointmentId: string, idempotencyKey?: string): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/cancel-appointment', { appointmentId }, { idempotencyKey });
}

/**
 * Keeps a visit at its time after a schedule change left it outside the doctor's hours (the
 * patient was emailed); its reminder then goes out as usual.
 */
export function keepAppointment(api: ApiClient, appointmentId: string): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/keep-appointment', { appointmentId });
}

/** Moves the patient's own upcoming appointment to another free slot of the same doctor. */
export function rescheduleAppointment(api: ApiClient, body: RescheduleRequest, idempotencyKey?: string): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/reschedule-appointment', body, { idempotencyKey });
}

/** Rates the patient's own completed visit, once. */
export function rateAppointment(api: ApiClient, body: RatingRequest): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/rate-appointment', body);
}

export function appointmentCalendarPath(appointmentId: string): string {
  return `/api/v1/user/appointments/${encodeURIComponent(appointmentId)}/calendar`;
}

/** The appointment as an RFC 5545 calendar file (`text/calendar`), for "Add to calendar". */
export function getAppointmentCalendar(api: ApiClient, appointmentId: string): Promise<string> {
  return api.getText(appointmentCalendarPath(appointmentId));
}
