import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { cancelAppointment, createActionKeys, errorMessage, MESSAGES, ROUTES, type Doctor } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import type { BookedSlot } from '../booking/use-book-slot';
import { AddToCalendarButton, BookedFacts } from './booked-facts';
import styles from './booking-confirmation.module.css';

export interface BookingConfirmationProps {
  doctor: Doctor;
  booking: BookedSlot;
  /** Choose another time for this appointment (the page switches to its reschedule mode). */
  onReschedule: () => void;
  /** The patient cancelled it here: the page offers the slot row again. */
  onCancelled: () => void;
}

/** What a patient sees right after booking: the facts, and what they can do next. */
export function BookingConfirmation({ doctor, booking, onReschedule, onCancelled }: BookingConfirmationProps): ReactNode {
  const { api, reloadDoctors } = useApp();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  // Cancelling again after a failure retries the same action: same Idempotency-Key.
  const [cancelKeys] = useState(createActionKeys);

  // The booking button is gone: put focus (and a screen reader) on the news.
  useEffect(() => heading.current?.focus(), []);

  async function cancel(): Promise<void> {
    setBusy(true);
    try {
      const reply = await cancelAppointment(api, booking.appointmentId, cancelKeys.keyFor(booking.appointmentId));
      cancelKeys.done(booking.appointmentId);
      toast.success(reply.message || MESSAGES.appointmentCancelled);
      void reloadDoctors();
      onCancelled();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
      setBusy(false);
      setConfirmingCancel(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="booking-confirmed">
      <BookedFacts ref={heading} doctor={doctor} booking={booking} headingId="booking-confirmed" />
      {confirmingCancel ? (
        <div className={styles.actions} role="group" aria-label="Cancel this appointment?">
          <p className={styles.question}>Cancel this appointment? The time will be freed for other patients.</p>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => setConfirmingCancel(false)}>
            Keep appointment
          </button>
          <button type="button" className={styles.danger} disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Cancelling…' : 'Yes, cancel it'}
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          <AddToCalendarButton appointmentId={booking.appointmentId} />
          <Link className={styles.secondary} to={ROUTES.myAppointments}>
            View my appointments
          </Link>
          <button type="button" className={styles.secondary} onClick={onReschedule}>
            Reschedule
          </button>
          <button type="button" className={styles.secondary} onClick={() => setConfirmingCancel(true)}>
            Cancel appointment
          </button>
        </div>
      )}
    </section>
  );
}
