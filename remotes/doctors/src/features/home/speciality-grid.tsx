import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorsBySpecialityPath, SPECIALIZATIONS } from '@carebook/shared';
import { SpecialityIcon } from './speciality-icon';
import styles from './speciality-grid.module.css';

export function SpecialityGrid(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="speciality-title">
      <h2 id="speciality-title" className={styles.title}>
        Find by speciality
      </h2>
      <p className={styles.lead}>Choose a specialization to see the doctors who practise it.</p>
      <ul className={styles.grid}>
        {SPECIALIZATIONS.map((name) => (
          <li key={name}>
            <Link className={styles.tile} to={doctorsBySpecialityPath(name)}>
              <span className={styles.mark}>
                <SpecialityIcon name={name} />
              </span>
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
