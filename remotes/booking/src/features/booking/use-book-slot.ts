import { useCallback, useState } from 'react';
import { toast } from '@carebook/shared/toasts';
import {
  ApiError,
  bookAppointment,
  bookingFormKey,
  createActionKeys,
  errorMessage,
  getAppointments,
  MESSAGES,
  rescheduleAppointment,
  type ApiClient,
} from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export interface ChosenSlot {
  slotDate: string;
  slotTime: string;
}

export interface BookedSlot extends ChosenSlot {
  docId: string;
  /** The booked (or moved) appointment, for its calendar file, a later move or a cancel. */
  appointmentId: string;
  /** The server's confirmation, as shown in the toast. */
  message: string;
}

export type BookOutcome = 'booked' | 'login-required' | 'taken' | 'failed';

export interface UseBookSlotOptions {
  docId: string;
  /** A visitor pressed Book on `slot`: the screen decides where logging in happens. */
  onLoginRequired: (slot: ChosenSlot) => void;
  onBooked: (booking: BookedSlot) => void;
  /** Move this appointment of the patient's instead of booking a new one. */
  rescheduleId?: string;
  /**
   * The server's page this booking is made from (see pageKeyOf): a slot's first booking sends the key
   * the page's own form sends, so a tap before the app arrived and one after are one booking.
   */
  pageKey?: string;
}

/**
 * A booking made with the page's key was answered with that key's first reply (a key is kept for a
 * day). When that appointment was cancelled since (booked, cancelled, booked again from the same
 * page), this was a new booking after all: it is made, with a key of its own. Null: nothing to do.
 */
async function rebookIfCancelled(api: ApiClient, body: { docId: string } & ChosenSlot, key: string, appointmentId: string): Promise<string | null> {
  let id = appointmentId;
  let next = key;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const mine = (await getAppointments(api)).find((appointment) => appointment._id === id);
    if (!mine?.cancelled) return id === appointmentId ? null : id;
    next = `${next}~${id}`;
    id = (await bookAppointment(api, body, next)).appointmentId;
  }
  return id;
}

/**
 * Books one slot for the signed-in patient. Success and failure both reload the doctor list,
 * so `slots_booked` (and with it the slot row) reflects what the server now holds.
 */
export function useBookSlot({ docId, onLoginRequired, onBooked, rescheduleId, pageKey = '' }: UseBookSlotOptions) {
  const { api, token, reloadDoctors } = useApp();
  const [busy, setBusy] = useState(false);
  // Booking the same slot again after a failure is a retry of one action: same Idempotency-Key.
  const [actionKeys] = useState(createActionKeys);
  // Bookings made from this page already: the next one of the same slot is a new action.
  const [bookedHere] = useState(() => new Set<string>());

  const book = useCallback(
    async (slot: ChosenSlot): Promise<BookOutcome> => {
      if (!token) {
        onLoginRequired(slot);
        return 'login-required';
      }
      setBusy(true);
      const action = `${rescheduleId ? `move ${rescheduleId}` : 'book'} ${docId} ${slot.slotDate} ${slot.slotTime}`;
      const key = actionKeys.keyFor(action);
      const fromPage = !rescheduleId && pageKey !== '' && !bookedHere.has(action);
      try {
        const reply = rescheduleId
          ? { ...(await rescheduleAppointment(api, { appointmentId: rescheduleId, ...slot }, key)), appointmentId: rescheduleId }
          : await bookAppointment(api, { docId, ...slot }, fromPage ? bookingFormKey(pageKey, docId, slot) : key);
        actionKeys.done(action);
        bookedHere.add(action);
        const message = reply.message ?? (rescheduleId ? MESSAGES.appointmentRescheduled : MESSAGES.appointmentBooked);
        toast.success(message);
        void reloadDoctors();
        onBooked({ docId, ...slot, message, appointmentId: reply.appointmentId });
        if (fromPage) {
          // Checked after the confirmation is shown: almost always the appointment just made.
          void rebookIfCancelled(api, { docId, ...slot }, bookingFormKey(pageKey, docId, slot), reply.appointmentId).then(
            (appointmentId) => appointmentId && onBooked({ docId, ...slot, message, appointmentId }),
            () => undefined,
          );
        }
        return 'booked';
      } catch (error) {
        toast.error(errorMessage(error, MESSAGES.unexpectedError));
        void reloadDoctors();
        return error instanceof ApiError && error.status === 409 ? 'taken' : 'failed';
      } finally {
        setBusy(false);
      }
    },
    [api, token, docId, reloadDoctors, onLoginRequired, onBooked, rescheduleId, actionKeys, pageKey, bookedHere],
  );

  return { book, busy };
}
