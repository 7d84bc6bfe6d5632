import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, MESSAGES, type Doctor } from '@carebook/shared';
import { downloadAppointmentCalendar, useApp } from '@carebook/shared/react';
import { formatWhen } from '../../lib/format-when';
import type { BookedSlot } from '../booking/use-book-slot';
import styles from '../confirmation/booking-confirmation.module.css';

export interface WidgetConfirmationProps {
  doctor: Doctor;
  booking: BookedSlot;
  /** Back to the slot picker for another booking. */
  onBookAnother: () => void;
}

/**
 * The widget's confirmation after booking. Unlike the site's (features/confirmation) it has no
 * links into the site (an embed has no router and is not on CareBook's origin): the facts, "Add to
 * calendar" (fetched with the widget's in-memory token) and "Book another time".
 */
export function WidgetConfirmation({ doctor, booking, onBookAnother }: WidgetConfirmationProps): ReactNode {
  const { api, clinic } = useApp();
  const heading = useRef<HTMLHeadingElement>(null);
  const when = formatWhen(booking.slotDate, booking.slotTime);
  const address = [doctor.address.line1, doctor.address.line2].filter(Boolean).join(', ');
  const summary = `${doctor.name}, ${when.date} at ${when.time}.`;
  // Filled after mounting: a live region announces changes, not what it was born with.
  const [status, setStatus] = useState('');

  // The Book button is gone: focus (and a screen reader) goes to the news.
  useEffect(() => {
    heading.current?.focus();
    setStatus(summary);
  }, [summary]);

  async function addToCalendar(): Promise<void> {
    try {
      await downloadAppointmentCalendar(api, booking.appointmentId);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="carebook-booked-heading">
      <h2 id="carebook-booked-heading" ref={heading} tabIndex={-1} className={styles.title}>
        <span aria-hidden="true" className={styles.tick}>
          ✓
        </span>{' '}
        Your appointment is booked
      </h2>
      <p role="status" className={styles.summary}>
        {status}
      </p>
      <dl className={styles.facts}>
        <dt>Doctor</dt>
        <dd>
          {doctor.name}, {doctor.specialization}
        </dd>
        <dt>Date</dt>
        <dd>{when.date}</dd>
        <dt>Time</dt>
        <dd>
          {when.time}
          {clinic ? <span className={styles.zone}> ({clinic.timeZone} time)</span> : null}
        </dd>
        <dt>Address</dt>
        <dd>{address}</dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void addToCalendar()}>
          Add to calendar
        </button>
        <button type="button" className={styles.secondary} onClick={onBookAnother}>
          Book another time
        </button>
      </div>
    </section>
  );
}
