import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorPath, type Appointment } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import styles from './my-appointments-page.module.css';

export interface AppointmentActions {
  onCancel: (appointment: Appointment) => void;
  onRate: (appointment: Appointment) => void;
  onAddToCalendar: (appointment: Appointment) => void;
  /** "Notify me of an earlier time" with this visit's doctor. */
  onNotifyEarlier: (appointment: Appointment) => void;
  /** After the patient answered a schedule change (kept the time): reload the list. */
  onAnswered: () => Promise<void>;
}

interface AppointmentStatusProps extends AppointmentActions {
  appointment: Appointment;
  /** Not started yet by the clinic's clock: only then can it be moved or cancelled. */
  upcoming: boolean;
}

/** `/appointment/doc01?reschedule=<id>`: the doctor page's slot row, moving this appointment. */
export function reschedulePath(appointment: Appointment): string {
  return `${doctorPath(appointment.docId)}?reschedule=${encodeURIComponent(appointment._id)}`;
}

/**
 * The display states and the actions each allows (docs/product.md, "Appointments"): Reschedule
 * and Add to calendar while upcoming, Rate once completed, and nothing to change once the visit's
 * time has come.
 */
export function AppointmentStatus({ appointment, upcoming, onCancel, onRate, onAddToCalendar, onNotifyEarlier }: Omit<AppointmentStatusProps, 'onAnswered'>): ReactNode {
  if (appointment.cancelled) {
    return (
      <button type="button" className={`${formStyles.secondary} ${styles.cancelled}`} disabled>
        Appointment Cancelled
      </button>
    );
  }
  if (appointment.isCompleted) {
    return (
      <>
        <p className={`${styles.badge} ${styles.completed}`}>Completed!</p>
        {typeof appointment.rating === 'number' ? (
          <p className={styles.hint}>{`You rated this visit ${appointment.rating} out of 5.`}</p>
        ) : (
          <button type="button" className={formStyles.primary} onClick={() => onRate(appointment)}>
            Rate this visit
          </button>
        )}
      </>
    );
  }
  const paid = appointment.payment ? <p className={`${styles.badge} ${styles.paid}`}>Appointment Paid</p> : null;
  if (!upcoming) {
    return (
      <>
        {paid}
        <p className={`${styles.badge} ${styles.past}`}>Visit time has passed</p>
      </>
    );
  }
  const hintId = `pay-hint-${appointment._id}`;
  return (
    <>
      {paid ?? (
        <>
          <button type="button" className={formStyles.primary} disabled aria-describedby={hintId}>
            Pay Online
          </button>
          <p id={hintId} className={styles.hint}>
            Online payment is not available yet; please pay at the clinic.
          </p>
        </>
      )}
      <Link className={`${formStyles.secondary} ${styles.action}`} to={reschedulePath(appointment)}>
        Reschedule
      </Link>
      <button type="button" className={formStyles.secondary} onClick={() => onNotifyEarlier(appointment)}>
        Notify me of an earlier time
      </button>
      <button type="button" className={formStyles.secondary} onClick={() => onAddToCalendar(appointment)}>
        Add to calendar
      </button>
      <button type="button" className={formStyles.secondary} onClick={() => onCancel(appointment)}>
        Cancel Appointment
      </button>
    </>
  );
}
