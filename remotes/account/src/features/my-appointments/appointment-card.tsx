import type { ReactNode } from 'react';
import { formatAppointmentTime, photoSources, type Appointment } from '@carebook/shared';
import { AppointmentStatus, type AppointmentActions } from './appointment-status';
import { OutsideHoursNotice } from './outside-hours-notice';
import styles from './my-appointments-page.module.css';

interface AppointmentCardProps extends AppointmentActions {
  appointment: Appointment;
  upcoming: boolean;
}

/** One appointment: the doctor, where, when (clinic wall time), and its state. */
export function AppointmentCard({ appointment, upcoming, onAnswered, ...actions }: AppointmentCardProps): ReactNode {
  const { docData } = appointment;
  const when = formatAppointmentTime(appointment.slotDate, appointment.slotTime);
  return (
    <li className={styles.card} aria-labelledby={`appointment-${appointment._id}`}>
      <div className={styles.imageBox}>
        <img {...photoSources(docData.image, '120px')} alt={`Photo of ${docData.name}`} width={120} height={120} loading="lazy" />
      </div>
      <div className={styles.info}>
        <h3 id={`appointment-${appointment._id}`} className={styles.doctor}>
          {docData.name}
        </h3>
        <p className={styles.speciality}>{docData.specialization}</p>
        <p className={styles.muted}>
          <span className={styles.label}>Address:</span>
          <br />
          {docData.address.line1}
          {docData.address.line2 && (
            <>
              <br />
              {docData.address.line2}
            </>
          )}
        </p>
        <p className={styles.when}>{`Date & Time: ${when}`}</p>
      </div>
      {upcoming && appointment.outsideHours && (
        <div className={styles.outsideHoursRow}>
          <OutsideHoursNotice appointment={appointment} onAnswered={onAnswered} />
        </div>
      )}
      <div className={styles.actions}>
        <AppointmentStatus appointment={appointment} upcoming={upcoming} {...actions} />
      </div>
    </li>
  );
}
