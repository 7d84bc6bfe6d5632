import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { useLogout } from './use-logout';
import styles from './profile-menu.module.css';

export function ProfileMenu(): ReactNode {
  const { user } = useApp();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent | KeyboardEvent): void => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const initial = (user?.name.trim()[0] ?? '?').toUpperCase();
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {user?.image ? (
          <img className={styles.avatar} src={user.image} alt="" width={32} height={32} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initial}
          </span>
        )}
        <span className={styles.label}>Profile</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id="profile-menu" className={styles.menu} aria-label="Profile">
          <li>
            <Link to={ROUTES.myProfile} onClick={() => setOpen(false)}>
              My Profile
            </Link>
          </li>
          <li>
            <Link to={ROUTES.myAppointments} onClick={() => setOpen(false)}>
              My Appointments
            </Link>
          </li>
          <li>
            <button type="button" onClick={logout}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
