import { getAppointments, type ApiClient } from '@carebook/shared';
import type { BookedDetail, ErrorDetail, LoginDetail, ReadyDetail } from '../../embed/embed-types';
import type { BookedSlot } from '../booking/use-book-slot';

/** Each event's `detail`, by the short name used in code (`carebook:<name>` on the page). */
export interface EventDetails {
  ready: ReadyDetail;
  login: LoginDetail;
  booked: BookedDetail;
  error: ErrorDetail;
}

export type EmitEvent = <K extends keyof EventDetails>(name: K, detail: EventDetails[K]) => void;

/**
 * The booking reply carries no appointment id (the API replies `{ success, message }` only), so
 * the new appointment is found in the patient's list: same doctor, day and time, not cancelled.
 * At most one such appointment can exist (the database's unique index).
 */
export async function findAppointmentId(api: ApiClient, booking: BookedSlot): Promise<string | null> {
  try {
    const appointments = await getAppointments(api);
    const match = appointments.find(
      (appointment) =>
        appointment.docId === booking.docId &&
        appointment.slotDate === booking.slotDate &&
        appointment.slotTime === booking.slotTime &&
        !appointment.cancelled,
    );
    return match?._id ?? null;
  } catch {
    return null;
  }
}
