import type { ReactNode } from 'react';
import { formatRating, reviewsLabel, type Doctor } from '@carebook/shared';
import styles from './doctor-detail.module.css';

/** Patients' real average and count, or that there are none yet: nothing invented. */
export function DoctorRating({ doctor }: { doctor: Pick<Doctor, 'rating' | 'reviews'> }): ReactNode {
  const reviews = doctor.reviews ?? 0;
  if (reviews === 0 || doctor.rating === null || doctor.rating === undefined) {
    return <p className={styles.rating}>No reviews yet</p>;
  }
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>{' '}
      <span className={styles.hidden}>Rated </span>
      <strong>{formatRating(doctor.rating)}</strong>
      <span className={styles.hidden}> out of 5</span> ({reviewsLabel(reviews)})
    </p>
  );
}
