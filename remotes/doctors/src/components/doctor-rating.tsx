import type { ReactNode } from 'react';
import { NO_REVIEWS, ratingSummary, type Doctor } from '@carebook/shared';
import { VisuallyHidden } from './visually-hidden';
import styles from './doctor-facts.module.css';

/** The real average of patients' ratings and how many there are, or that there are none yet. */
export function DoctorRating({ doctor }: { doctor: Pick<Doctor, 'rating' | 'reviews'> }): ReactNode {
  const summary = ratingSummary(doctor);
  if (!summary) return <p className={`${styles.rating} ${styles.muted}`}>{NO_REVIEWS}</p>;
  return (
    <p className={`${styles.rating} ${styles.rated}`}>
      <VisuallyHidden>Rated </VisuallyHidden>
      {summary.average}
      <VisuallyHidden> out of 5</VisuallyHidden> <span className={styles.muted}>({summary.count})</span>
    </p>
  );
}
