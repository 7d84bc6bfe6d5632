import type { ReactNode } from 'react';
import { availabilityLabel } from '@carebook/shared';
import styles from './doctor-facts.module.css';

/** "Available", or "Not booking now" for a doctor who is not taking appointments (the dot is the badge's `::before`). */
export function AvailabilityBadge({ available }: { available: boolean }): ReactNode {
  return (
    <p className={available ? styles.available : styles.unavailable}>
      {availabilityLabel({ available })}
    </p>
  );
}
