import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { LoadError } from '../../components/load-error';
import { TopDoctorCard } from './top-doctor-card';
import styles from './top-doctors.module.css';

/** How many doctors the home page shows (SPEC.md section 9). */
export const TOP_DOCTORS_COUNT = 10;

export function TopDoctors(): ReactNode {
  const { doctors, doctorsStatus, reloadDoctors } = useApp();
  const loading = doctorsStatus === 'idle' || doctorsStatus === 'loading';

  return (
    <section className={styles.section} aria-labelledby="top-doctors-title">
      <h2 id="top-doctors-title" className={styles.title}>
        Top Doctors
      </h2>
      <p className={styles.lead}>A few of the doctors patients book most often.</p>
      {doctorsStatus === 'error' ? (
        <LoadError onRetry={() => void reloadDoctors()} />
      ) : (
        <ul className={styles.grid} aria-busy={loading || undefined}>
          {loading
            ? Array.from({ length: TOP_DOCTORS_COUNT }, (_, index) => (
                <li key={index} className={styles.placeholder} aria-hidden="true" />
              ))
            : doctors.slice(0, TOP_DOCTORS_COUNT).map((doctor) => (
                <li key={doctor._id}>
                  <TopDoctorCard doctor={doctor} />
                </li>
              ))}
        </ul>
      )}
      <Link className={styles.seeAll} to={ROUTES.doctors}>
        See All
      </Link>
    </section>
  );
}
