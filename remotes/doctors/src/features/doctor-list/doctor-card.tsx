import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorPath, experienceLabel, feeLabel, locationLabel, type Doctor } from '@carebook/shared';
import { AvailabilityBadge } from '../../components/availability-badge';
import { DoctorPhoto } from '../../components/doctor-photo';
import { DoctorRating } from '../../components/doctor-rating';
import { FreeTimes } from '../../components/free-times';
import styles from './doctor-card.module.css';

export interface DoctorCardProps {
  doctor: Doctor;
  /** In the first row: its photo loads at once. */
  eager?: boolean;
}

/**
 * One doctor in the list. The whole card opens the doctor's page; its tab stops are the next free
 * times (each opens the page with that time chosen), More times and the button.
 */
export function DoctorCard({ doctor, eager = false }: DoctorCardProps): ReactNode {
  const nameId = `doctor-name-${doctor._id}`;
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <DoctorPhoto src={doctor.image} alt={`Photo of ${doctor.name}`} eager={eager} sizes="(max-width: 560px) 104px, 300px" />
      <div className={styles.body}>
        <AvailabilityBadge available={doctor.available} />
        <h3 id={nameId} className={styles.name}>
          {doctor.name}
        </h3>
        <p className={styles.speciality}>{doctor.specialization}</p>
        <DoctorRating doctor={doctor} />
        <ul className={styles.facts}>
          <li>{experienceLabel(doctor)}</li>
          <li>{locationLabel(doctor)}</li>
          <li>{feeLabel(doctor)}</li>
        </ul>
        <FreeTimes doctor={doctor} labelId={`${nameId}-times`} className={styles.next} />
        {/* An unavailable doctor is not offered as bookable: a quiet way to the profile instead. */}
        {doctor.available ? (
          <Link className={styles.book} to={doctorPath(doctor._id)} aria-label={`Book Appointment with ${doctor.name}`}>
            Book Appointment
          </Link>
        ) : (
          <Link className={`${styles.book} ${styles.quiet}`} to={doctorPath(doctor._id)} aria-label={`View profile of ${doctor.name}`}>
            View profile
          </Link>
        )}
      </div>
    </article>
  );
}
