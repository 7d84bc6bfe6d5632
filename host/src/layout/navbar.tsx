import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { ProfileMenu } from './profile-menu';
import styles from './navbar.module.css';

export function Navbar(): ReactNode {
  const { token, adminUrl } = useApp();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

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
            <ProfileMenu />
          ) : (
            <Link to={ROUTES.login} className={styles.cta}>
              Create Account
            </Link>
          )}
          <button
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
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
