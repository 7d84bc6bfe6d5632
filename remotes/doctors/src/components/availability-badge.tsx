import type { ReactNode } from 'react';
import { availabilityLabel } from '@carebook/shared';
import styles from './doctor-facts.module.css';

/** "Available", or "Not booking now" for a doctor who is not taking appointments. */
export function AvailabilityBadge({ available }: { available: boolean }): ReactNode {
  return (
    <p className={available ? styles.available : styles.unavailable}>
      <span className={styles.dot} aria-hidden="true" />
      {availabilityLabel({ available })}
    </p>
  );
}
