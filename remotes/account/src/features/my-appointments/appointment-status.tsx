import type { ReactNode } from 'react';
import type { Appointment } from '@carebook/shared';
import formStyles from '../../components/form.module.css';
import styles from './my-appointments-page.module.css';

interface AppointmentStatusProps {
  appointment: Appointment;
  onCancel: (appointment: Appointment) => void;
}

/** The four display states of SPEC.md section 4 and the actions each allows. */
export function AppointmentStatus({ appointment, onCancel }: AppointmentStatusProps): ReactNode {
  if (appointment.cancelled) {
    return (
      <button type="button" className={`${formStyles.secondary} ${styles.cancelled}`} disabled>
        Appointment Cancelled
      </button>
    );
  }
  if (appointment.isCompleted) {
    return <p className={`${styles.badge} ${styles.completed}`}>Completed!</p>;
  }
  const cancel = (
    <button type="button" className={formStyles.secondary} onClick={() => onCancel(appointment)}>
      Cancel Appointment
    </button>
  );
  if (appointment.payment) {
    return (
      <>
        <p className={`${styles.badge} ${styles.paid}`}>Appointment Paid</p>
        {cancel}
      </>
    );
  }
  const hintId = `pay-hint-${appointment._id}`;
  return (
    <>
      <button type="button" className={formStyles.primary} disabled aria-describedby={hintId}>
        Pay Online
      </button>
      <p id={hintId} className={styles.hint}>
        Online payment is not available yet; please pay at the clinic.
      </p>
      {cancel}
    </>
  );
}
