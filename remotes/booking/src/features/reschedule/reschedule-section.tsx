import type { ReactNode } from 'react';
import { Link, useLocation } from '@carebook/shared/router';
import { doctorPath, loginPath, ROUTES, type Doctor } from '@carebook/shared';
import { formatWhen } from '../../lib/format-when';
import { BookingPanel } from '../booking/booking-panel';
import type { BookedSlot } from '../booking/use-book-slot';
import { useRescheduleTarget } from './use-reschedule-target';
import styles from './reschedule-section.module.css';

export interface RescheduleSectionProps {
  doctor: Doctor;
  appointmentId: string;
  onLoginRequired: () => void;
  onMoved: (booking: BookedSlot) => void;
}

/** `/appointment/:docId?reschedule=<id>`: the same slot row, moving an appointment instead of booking. */
export function RescheduleSection({ doctor, appointmentId, onLoginRequired, onMoved }: RescheduleSectionProps): ReactNode {
  const target = useRescheduleTarget(appointmentId, doctor._id);
  const location = useLocation();

  if (target.status === 'loading') return <p role="status">Loading your appointment…</p>;
  if (target.status === 'login-required') {
    return (
      <div className={styles.notice} role="alert">
        <p>Please log in to change your appointment.</p>
        <Link to={loginPath(`${location.pathname}${location.search}`)}>Log in</Link>
      </div>
    );
  }
  if (target.status === 'problem') {
    return (
      <div className={styles.notice} role="alert">
        <p>{target.message}</p>
        {target.otherDoctor ? (
          <Link to={`${doctorPath(target.otherDoctor)}?reschedule=${encodeURIComponent(appointmentId)}`}>
            Choose a new time with that doctor
          </Link>
        ) : null}{' '}
        <Link to={ROUTES.myAppointments}>Back to my appointments</Link>
      </div>
    );
  }

  const when = formatWhen(target.appointment.slotDate, target.appointment.slotTime);
  return (
    <>
      <div className={styles.current}>
        <p>
          You are moving your appointment on <strong>{when.date}</strong> at <strong>{when.time}</strong>. Pick a new
          time below; the current one stays booked until the move succeeds.
        </p>
        <Link to={ROUTES.myAppointments}>Keep the current time</Link>
      </div>
      <BookingPanel
        key={`${doctor._id}-${appointmentId}`}
        doctor={doctor}
        rescheduleId={appointmentId}
        onLoginRequired={onLoginRequired}
        onBooked={onMoved}
      />
    </>
  );
}
