import type { ReactNode } from 'react';
import { nextFreeTime, type Doctor } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { useNow } from '@carebook/shared/web';
import styles from './doctor-facts.module.css';

/** "Next: Today 2:30 PM" from the live bookings; nothing for a doctor not taking appointments. */
export function NextFreeSlot({ doctor, className }: { doctor: Doctor; className?: string }): ReactNode {
  const { clinic } = useApp();
  const now = useNow(60_000);
  if (!clinic) return null;
  const next = nextFreeTime(doctor, now, clinic.timeZone);
  if (!next) return null;
  const classes = className ? `${styles.next} ${className}` : styles.next;
  if (next.kind === 'none') return <p className={classes}>No free times in the next 7 days</p>;
  return (
    <p className={classes}>
      Next: <time dateTime={next.dateTime}>{next.label}</time>
    </p>
  );
}
