import { ApiError, BOOKING_FORM_FIELDS, doctorPath, MESSAGES, type BookingReply } from '@carebook/shared';
import type { ChosenSlot } from './use-book-slot';

/**
 * Books `slot` as the doctor's page's own form does (servers/host/booking-form.ts), from the app that
 * has taken that page over: one request to the page's own origin with the session cookie, where
 * asking the API directly costs a phone a CORS preflight first (a round trip: 150 ms on
 * Lighthouse's mobile profile, 400 ms on a slow link). Same form fields, so the same Idempotency-Key
 * as a tap on the form before the app arrived. The API's refusal comes back as the API's own
 * (status and sentence). Null when the host's server cannot book it (no session cookie handed over,
 * not reachable, a host without this): the caller asks the API, with the same key, so a booking
 * the host made meanwhile is answered, not made twice.
 */
export async function bookThroughPage(docId: string, slot: ChosenSlot, pageKey: string): Promise<BookingReply | null> {
  let response: Response;
  try {
    response = await fetch(doctorPath(docId), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({
        [BOOKING_FORM_FIELDS.slotDate]: slot.slotDate,
        [BOOKING_FORM_FIELDS.slotTime]: slot.slotTime,
        [BOOKING_FORM_FIELDS.pageKey]: pageKey,
      }),
      credentials: 'same-origin',
      redirect: 'error',
    });
  } catch {
    return null;
  }
  if (!response.headers.get('content-type')?.startsWith('application/json')) return null;
  const body = (await response.json().catch(() => null)) as { appointmentId?: unknown; message?: unknown } | null;
  if (!body) return null;
  if (response.ok && typeof body.appointmentId === 'string') {
    return { success: true, appointmentId: body.appointmentId, message: typeof body.message === 'string' ? body.message : MESSAGES.appointmentBooked };
  }
  if (response.status === 401 || response.status === 403) return null;
  throw new ApiError(typeof body.message === 'string' ? body.message : MESSAGES.unexpectedError, response.status);
}
