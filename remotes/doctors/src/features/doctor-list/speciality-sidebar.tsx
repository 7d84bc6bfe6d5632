import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorsBySpecialityPath, ROUTES, SPECIALIZATIONS, type Specialization } from '@carebook/shared';
import styles from './speciality-sidebar.module.css';

export interface SpecialitySidebarProps {
  /** The one shown as current; `undefined` means All, `null` an unknown one (none current). */
  selected: Specialization | null | undefined;
}

/** All and the six specializations, as links: choosing one changes the URL. */
export function SpecialitySidebar({ selected }: SpecialitySidebarProps): ReactNode {
  const items = [
    { label: 'All', to: ROUTES.doctors, current: selected === undefined },
    ...SPECIALIZATIONS.map((name) => ({ label: name, to: doctorsBySpecialityPath(name), current: selected === name })),
  ];
  return (
    <nav className={styles.sidebar} aria-label="Specializations">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.label}>
            <Link
              className={item.current ? `${styles.link} ${styles.current}` : styles.link}
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
