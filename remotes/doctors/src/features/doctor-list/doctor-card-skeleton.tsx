import type { ReactNode } from 'react';
import styles from './doctor-card-skeleton.module.css';

/** A grey card the size of a {@link DoctorCard}, shown while the list loads. */
export function DoctorCardSkeleton(): ReactNode {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.photo} />
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.badge}`} />
        <span className={`${styles.line} ${styles.title}`} />
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
        <span className={styles.button} />
      </div>
    </div>
  );
}
