import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { NAV_ITEMS } from './nav-items';
import { useLogout } from './use-logout';
import styles from './mobile-menu.module.css';

/** The small-screen menu: every navbar link plus the account links, closed by Escape or ✕. */
export function MobileMenu({ onClose }: { onClose: () => void }): ReactNode {
  const { token, adminUrl } = useApp();
  const logout = useLogout();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div id="mobile-menu" className={styles.panel} role="dialog" aria-modal="true" aria-label="Menu">
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
          {token ? (
            <>
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
            </>
          ) : (
            <li>
              <Link to={ROUTES.login} onClick={onClose} className={styles.cta}>
                Create Account
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
