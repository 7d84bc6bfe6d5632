import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorPath, feeLabel, type Doctor } from '@carebook/shared';
import { AvailabilityBadge } from '../../components/availability-badge';
import { DoctorPhoto } from '../../components/doctor-photo';
import { DoctorRating } from '../../components/doctor-rating';
import { FreeTimes } from '../../components/free-times';
import styles from './top-doctor-card.module.css';

/**
 * A compact doctor tile with the list card's facts (availability, rating, fee, next free times);
 * the name is the link and its hit area covers the tile; each free time is a link of its own.
 */
export function TopDoctorCard({ doctor }: { doctor: Doctor }): ReactNode {
  const nameId = `top-doctor-name-${doctor._id}`;
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <DoctorPhoto src={doctor.image} alt="" sizes="(max-width: 400px) 50vw, 220px" />
      <div className={styles.body}>
        <AvailabilityBadge available={doctor.available} />
        <h3 id={nameId} className={styles.name}>
          <Link className={styles.link} to={doctorPath(doctor._id)}>
            {doctor.name}
          </Link>
        </h3>
        <p className={styles.speciality}>{doctor.specialization}</p>
        <DoctorRating doctor={doctor} />
        <p className={styles.fee}>{feeLabel(doctor)}</p>
        <FreeTimes doctor={doctor} labelId={`${nameId}-times`} className={styles.times} />
      </div>
    </article>
  );
}
