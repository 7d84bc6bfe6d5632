import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { NAV_ITEMS } from './nav-items';
import { useAuthLinks } from './use-auth-links';
import { useFocusTrap } from './use-focus-trap';
import { useLogout } from './use-logout';
import styles from './mobile-menu.module.css';

/**
 * The small-screen menu, a modal dialog: every navbar link and the account links, Tab kept
 * inside, closed by Escape or ✕ (the navbar then returns focus to the menu button).
 */
export function MobileMenu({ onClose }: { onClose: () => void }): ReactNode {
  const { token, user, adminUrl } = useApp();
  const logout = useLogout();
  const auth = useAuthLinks();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const trapFocus = useFocusTrap(panel);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      ref={panel}
      id="mobile-menu"
      className={styles.panel}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      onKeyDown={trapFocus}
    >
      <button ref={closeButton} type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
        <span aria-hidden="true">✕</span>
      </button>
      <nav aria-label="Mobile">
        <ul className={styles.list}>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} onClick={onClose}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href={adminUrl} target="_blank" rel="noreferrer">
              Admin Panel
            </a>
          </li>
        </ul>
      </nav>
      {token ? (
        <nav aria-label="Account" className={styles.account}>
          <p className={styles.who}>{user ? `Signed in as ${user.name}` : 'Your account'}</p>
          <ul className={styles.list}>
            <li>
              <Link to={ROUTES.myProfile} onClick={onClose}>
                My Profile
              </Link>
            </li>
            <li>
              <Link to={ROUTES.myAppointments} onClick={onClose}>
                My Appointments
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  onClose();
                  logout();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </nav>
      ) : (
        <div className={styles.auth}>
          <Link to={auth.login} onClick={onClose} className={styles.secondary}>
            Log in
          </Link>
          <Link to={auth.signUp} onClick={onClose} className={styles.cta}>
            Create Account
          </Link>
        </div>
      )}
    </div>
  );
}
