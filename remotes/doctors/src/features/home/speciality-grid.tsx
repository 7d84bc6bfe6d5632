import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { doctorsBySpecialityPath, SPECIALIZATIONS } from '@carebook/shared';
import styles from './speciality-grid.module.css';

/** Two-letter marks instead of icon images: nothing to download, nothing to shift. */
function initials(name: string): string {
  const words = name.split(' ');
  return words.length > 1 ? words.map((word) => word[0]).join('') : name.slice(0, 2);
}

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
              <span className={styles.mark} aria-hidden="true">
                {initials(name)}
              </span>
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
