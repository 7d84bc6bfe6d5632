import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { ProfileMenu } from './profile-menu';
import { useAuthLinks } from './use-auth-links';
import styles from './navbar.module.css';

export function Navbar(): ReactNode {
  const { token, adminUrl } = useApp();
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const auth = useAuthLinks();
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  // Back to the button that opened it; a link that leads to a new page then moves focus on to its h1.
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    burger.current?.focus();
  }, []);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={ROUTES.home} className={styles.brand} aria-label="CareBook home">
          <span className={styles.mark} aria-hidden="true">
            +
          </span>
          CareBook
        </Link>
        <nav aria-label="Main" className={styles.links}>
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a href={adminUrl} className={styles.admin} target="_blank" rel="noreferrer">
                Admin Panel
              </a>
            </li>
          </ul>
        </nav>
        <div className={styles.actions}>
          {token ? (
            // Phones reach the account through the menu, so it is offered once.
            <div className={styles.wide}>
              <ProfileMenu />
            </div>
          ) : (
            <>
              <Link to={auth.login} className={styles.login}>
                Log in
              </Link>
              <Link to={auth.signUp} className={`${styles.cta} ${styles.wide}`}>
                Create Account
              </Link>
            </>
          )}
          <button
            ref={burger}
            type="button"
            className={styles.burger}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu onClose={closeMenu} />}
    </header>
  );
}
