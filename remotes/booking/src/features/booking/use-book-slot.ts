import { useCallback, useState } from 'react';
import { toast } from '@carebook/shared/toasts';
import { ApiError, bookAppointment, createActionKeys, errorMessage, MESSAGES, rescheduleAppointment } from '@carebook/shared';
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
}

/**
 * Books one slot for the signed-in patient. Success and failure both reload the doctor list,
 * so `slots_booked` (and with it the slot row) reflects what the server now holds.
 */
export function useBookSlot({ docId, onLoginRequired, onBooked, rescheduleId }: UseBookSlotOptions) {
  const { api, token, reloadDoctors } = useApp();
  const [busy, setBusy] = useState(false);
  // Booking the same slot again after a failure is a retry of one action: same Idempotency-Key.
  const [actionKeys] = useState(createActionKeys);

  const book = useCallback(
    async (slot: ChosenSlot): Promise<BookOutcome> => {
      if (!token) {
        onLoginRequired(slot);
        return 'login-required';
      }
      setBusy(true);
      const action = `${rescheduleId ? `move ${rescheduleId}` : 'book'} ${docId} ${slot.slotDate} ${slot.slotTime}`;
      const key = actionKeys.keyFor(action);
      try {
        const reply = rescheduleId
          ? { ...(await rescheduleAppointment(api, { appointmentId: rescheduleId, ...slot }, key)), appointmentId: rescheduleId }
          : await bookAppointment(api, { docId, ...slot }, key);
        actionKeys.done(action);
        const message = reply.message ?? (rescheduleId ? MESSAGES.appointmentRescheduled : MESSAGES.appointmentBooked);
        toast.success(message);
        void reloadDoctors();
        onBooked({ docId, ...slot, message, appointmentId: reply.appointmentId });
        return 'booked';
      } catch (error) {
        toast.error(errorMessage(error, MESSAGES.unexpectedError));
        void reloadDoctors();
        return error instanceof ApiError && error.status === 409 ? 'taken' : 'failed';
      } finally {
        setBusy(false);
      }
    },
    [api, token, docId, reloadDoctors, onLoginRequired, onBooked, rescheduleId, actionKeys],
  );

  return { book, busy };
}
