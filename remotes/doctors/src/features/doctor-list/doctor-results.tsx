import type { ReactNode } from 'react';
import type { Doctor } from '@carebook/shared';
import type { LoadStatus } from '@carebook/shared/react';
import { LoadError } from '../../components/load-error';
import { DoctorCard } from './doctor-card';
import { DoctorCardSkeleton } from './doctor-card-skeleton';
import { EmptyState } from './empty-state';
import styles from './doctor-results.module.css';

/** Cards in the first row on the widest layout: their photos are above the fold. */
const EAGER_PHOTOS = 4;
const SKELETON_CARDS = 8;

export interface DoctorResultsProps {
  status: LoadStatus;
  doctors: readonly Doctor[];
  onRetry: () => void;
  onReset: () => void;
}

/** The list area: skeletons while loading, a retry on failure, the empty state, or the cards. */
export function DoctorResults({ status, doctors, onRetry, onReset }: DoctorResultsProps): ReactNode {
  if (status === 'idle' || status === 'loading') {
    return (
      <ul className={styles.grid} aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <DoctorCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (status === 'error') return <LoadError onRetry={onRetry} />;
  if (doctors.length === 0) return <EmptyState onReset={onReset} />;
  return (
    <ul className={styles.grid}>
      {doctors.map((doctor, index) => (
        <li key={doctor._id}>
          <DoctorCard doctor={doctor} eager={index < EAGER_PHOTOS} />
        </li>
      ))}
    </ul>
  );
}
