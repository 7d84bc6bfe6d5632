import type { ReactNode } from 'react';
import { formatRating, reviewsLabel, type Doctor } from '@carebook/shared';
import { VisuallyHidden } from './visually-hidden';
import { NO_REVIEWS } from '../lib/doctor-display';
import styles from './doctor-facts.module.css';

/** The real average of patients' ratings and how many there are, or that there are none yet. */
export function DoctorRating({ doctor }: { doctor: Pick<Doctor, 'rating' | 'reviews'> }): ReactNode {
  const reviews = doctor.reviews ?? 0;
  if (reviews === 0 || doctor.rating === null || doctor.rating === undefined) {
    return <p className={`${styles.rating} ${styles.muted}`}>{NO_REVIEWS}</p>;
  }
  return (
    <p className={styles.rating}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>
      <VisuallyHidden>Rated </VisuallyHidden>
      {formatRating(doctor.rating)}
      <VisuallyHidden> out of 5</VisuallyHidden> <span className={styles.muted}>({reviewsLabel(reviews)})</span>
    </p>
  );
}
