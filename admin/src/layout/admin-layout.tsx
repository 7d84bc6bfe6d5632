import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from '@carebook/shared/router';
import { formStyles } from '@carebook/shared/forms';
import { useAdminSession } from '../session/admin-session';
import styles from './admin-layout.module.css';

const LINKS = [
  { to: '/', label: 'Overview', end: true },
  { to: '/calendar', label: 'Calendar', end: false },
  { to: '/doctors', label: 'Doctors', end: false },
  { to: '/appointments', label: 'Appointments', end: false },
  { to: '/activity', label: 'Activity', end: false },
  { to: '/releases', label: 'Releases', end: false },
] as const;

/** The frame of every screen behind the login: skip link, header with the sections, log out. */
export function AdminLayout(): ReactNode {
  const { signOut } = useAdminSession();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstScreen = useRef(true);
  // After moving to another screen, start keyboard and screen-reader users at its content.
  useEffect(() => {
    if (firstScreen.current) firstScreen.current = false;
    else main.current?.focus();
  }, [pathname]);
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <p className={styles.brand}>
            CareBook <span>Clinic</span>
          </p>
          <nav className={styles.nav} aria-label="Admin sections">
            <ul>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button type="button" className={formStyles.secondary} onClick={signOut}>
            Log out
          </button>
        </div>
      </header>
      <main ref={main} id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
