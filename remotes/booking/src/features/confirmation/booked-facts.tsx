import { forwardRef, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, MESSAGES, type Doctor } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { downloadAppointmentCalendar } from '@carebook/shared/web';
import { formatWhen } from '../../lib/format-when';
import type { BookedSlot } from '../booking/use-book-slot';
import styles from './booking-confirmation.module.css';

export interface BookedFactsProps {
  doctor: Doctor;
  booking: BookedSlot;
  /** The heading's id, which the confirmation's section is labelled by. */
  headingId: string;
}

/**
 * The heading and facts of a booking (doctor, date, 12-hour time in the clinic's zone, address),
 * as the site's confirmation and the embed widget's both show them. The heading takes focus: the
 * Book button the patient pressed is gone.
 */
export const BookedFacts = forwardRef<HTMLHeadingElement, BookedFactsProps>(function BookedFacts({ doctor, booking, headingId }, heading): ReactNode {
  const { clinic } = useApp();
  const when = formatWhen(booking.slotDate, booking.slotTime);
  const address = [doctor.address.line1, doctor.address.line2].filter(Boolean).join(', ');
  return (
    <>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        <span aria-hidden="true" className={styles.tick}>
          ✓
        </span>{' '}
        Your appointment is booked
      </h2>
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
    </>
  );
});

/** "Add to calendar": the appointment's `.ics`, fetched with the session's token; a failure is a toast. */
export function AddToCalendarButton({ appointmentId }: { appointmentId: string }): ReactNode {
  const { api } = useApp();
  async function addToCalendar(): Promise<void> {
    try {
      await downloadAppointmentCalendar(api, appointmentId);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    }
  }
  return (
    <button type="button" className={styles.primary} onClick={() => void addToCalendar()}>
      Add to calendar
    </button>
  );
}
