// Booking from the doctor's page before (or without) the app: the page's own HTML form, posted to
// the host's server, which books through the API with the patient's session cookie
// (docs/architecture.md, "Booking before the app"). The browser app and the host's server both
// read these names, so a form the server rendered and the app that takes it over agree.
import { MESSAGES, tooManyUpcomingMessage, upcomingLimitOf } from './messages';
import { doctorSlotPath } from './routes';

/** The form's fields (the time's radio buttons are named `slotTime`). */
export const BOOKING_FORM_FIELDS = { slotDate: 'slotDate', slotTime: 'slotTime', pageKey: 'pageKey' } as const;

/** The host's cookie holding the patient's token for the form (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'carebook_session';

/** Where the app hands its token to the host's server (`PUT`) and takes it back (`DELETE`). */
export const SESSION_COOKIE_PATH = '/session-cookie';

/**
 * The page's part of the booking's Idempotency-Key: the instant the server rendered the page.
 * A tap on Book in the server's page and a second tap once the app has taken that page over are
 * one booking: both send {@link bookingFormKey} of this and the slot.
 */
export function pageKeyOf(renderedAt: Date | null | undefined): string {
  return renderedAt ? String(renderedAt.getTime()) : '';
}

/** The Idempotency-Key of booking `slot` of `docId` from the page rendered at `pageKey`. */
export function bookingFormKey(pageKey: string, docId: string, slot: { slotDate: string; slotTime: string }): string {
  return `page-${pageKey}-${docId}-${slot.slotDate}-${slot.slotTime}`;
}

/** Why a booking from the form failed, carried back to the doctor's page as `?error=<code>`. */
export type BookingFormError = 'no-time' | 'taken' | 'same-time' | 'cap' | 'too-many' | 'gone' | 'unavailable' | 'failed';

/** The doctor's page's words for each failure: the app's words for the same refusals. */
export function bookingFormErrorMessage(code: string | null, maxUpcoming: number | null = null): string | null {
  switch (code) {
    case 'no-time':
      return MESSAGES.chooseTimeFirst;
    case 'taken':
      return MESSAGES.slotTaken;
    case 'same-time':
      return MESSAGES.sameTimeBooked;
    case 'cap':
      return maxUpcoming ? tooManyUpcomingMessage(maxUpcoming) : MESSAGES.tooManyUpcomingUnknown;
    case 'too-many':
      return MESSAGES.tooManyBookingChanges;
    case 'gone':
      return MESSAGES.chosenSlotGone;
    case 'unavailable':
      return MESSAGES.doctorUnavailable;
    case 'failed':
      return MESSAGES.unexpectedError;
    default:
      return null;
  }
}

/** The code for the API's refusal of a booking (status and message as the API sent them). */
export function bookingFormErrorOf(status: number, message: string): { code: BookingFormError; max: number | null } {
  if (message === MESSAGES.slotTaken) return { code: 'taken', max: null };
  if (message === MESSAGES.sameTimeBooked) return { code: 'same-time', max: null };
  if (message === MESSAGES.doctorUnavailable) return { code: 'unavailable', max: null };
  const max = upcomingLimitOf(message);
  if (max !== null) return { code: 'cap', max };
  if (status === 429) return { code: 'too-many', max: null };
  if (status === 400 || status === 409) return { code: 'gone', max: null };
  return { code: 'failed', max: null };
}

/** The doctor's page saying why the booking of `slot` failed (the day stays chosen). */
export function bookingErrorPath(docId: string, slotDate: string, error: { code: BookingFormError; max: number | null }): string {
  const base = doctorSlotPath(docId, { slotDate });
  const join = base.includes('?') ? '&' : '?';
  return `${base}${join}error=${error.code}${error.max ? `&max=${error.max}` : ''}`;
}

/** The doctor's page showing the confirmation of `appointmentId` (checked by the host's server). */
export function bookedPath(docId: string, slot: { slotDate: string; slotTime: string }, appointmentId: string): string {
  return `${doctorSlotPath(docId, slot)}&booked=${encodeURIComponent(appointmentId)}`;
}
