import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Doctor } from '@carebook/shared';
import { formatWhen } from '../../lib/format-when';
import type { BookedSlot } from '../../features/booking/use-book-slot';
import { AddToCalendarButton, BookedFacts } from '../../features/confirmation/booked-facts';
import styles from '../../features/confirmation/booking-confirmation.module.css';

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
  const heading = useRef<HTMLHeadingElement>(null);
  const when = formatWhen(booking.slotDate, booking.slotTime);
  const summary = `${doctor.name}, ${when.date} at ${when.time}.`;
  // Filled after mounting: a live region announces changes, not what it was born with.
  const [status, setStatus] = useState('');

  // The Book button is gone: focus (and a screen reader) goes to the news.
  useEffect(() => {
    heading.current?.focus();
    setStatus(summary);
  }, [summary]);

  return (
    <section className={styles.panel} aria-labelledby="carebook-booked-heading">
      <BookedFacts ref={heading} doctor={doctor} booking={booking} headingId="carebook-booked-heading" />
      <p role="status" className={styles.summary}>
        {status}
      </p>
      <div className={styles.actions}>
        <AddToCalendarButton appointmentId={booking.appointmentId} />
        <button type="button" className={styles.secondary} onClick={onBookAnother}>
          Book another time
        </button>
      </div>
    </section>
  );
}
