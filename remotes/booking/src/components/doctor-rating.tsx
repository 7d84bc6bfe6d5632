import type { ReactNode } from 'react';
import { NO_REVIEWS, ratingSummary, type Doctor } from '@carebook/shared';
import styles from './doctor-detail.module.css';

/** Patients' real average and count, or that there are none yet: nothing invented. */
export function DoctorRating({ doctor }: { doctor: Pick<Doctor, 'rating' | 'reviews'> }): ReactNode {
  const summary = ratingSummary(doctor);
  if (!summary) return <p className={styles.rating}>{NO_REVIEWS}</p>;
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>{' '}
      <span className={styles.hidden}>Rated </span>
      <strong>{summary.average}</strong>
      <span className={styles.hidden}> out of 5</span> ({summary.count})
    </p>
  );
}
