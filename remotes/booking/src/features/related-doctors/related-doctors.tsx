import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorPath, photoSources, type Doctor } from '@carebook/shared';
import styles from './related-doctors.module.css';

export const RELATED_DOCTORS_LIMIT = 5;
/** The related list shows 50 dollars when a doctor has no fee (docs/product.md, "Fixed numbers"). */
export const DEFAULT_FEE = 50;

/** Up to five other doctors of the same specialization, in list order. */
export function relatedDoctors(doctor: Doctor, doctors: readonly Doctor[]): Doctor[] {
  return doctors
    .filter((other) => other._id !== doctor._id && other.specialization === doctor.specialization)
    .slice(0, RELATED_DOCTORS_LIMIT);
}

export function RelatedDoctors({ doctor, doctors }: { doctor: Doctor; doctors: readonly Doctor[] }): ReactNode {
  const related = relatedDoctors(doctor, doctors);
  return (
    <section className={styles.section} aria-labelledby="related-doctors">
      <h2 id="related-doctors" className={styles.title}>
        Related doctors
      </h2>
      {related.length === 0 ? (
        <p className={styles.empty}>No related doctors found</p>
      ) : (
        <ul className={styles.list}>
          {related.map((other) => (
            <li key={other._id} className={styles.item}>
              <Link to={doctorPath(other._id)} className={styles.card}>
                <span className={styles.photo}>
                  <img {...photoSources(other.image, '160px')} alt="" width={160} height={160} loading="lazy" />
                </span>
                <span className={styles.name}>{other.name}</span>
                <span className={styles.meta}>{other.specialization}</span>
                <span className={styles.meta}>Fee: ${other.fee ?? other.fees ?? DEFAULT_FEE}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
