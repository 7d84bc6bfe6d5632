import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { photoSources, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { useLogout } from './use-logout';
import styles from './profile-menu.module.css';

/**
 * The account disclosure on wide screens. Escape closes it and puts focus back on its button;
 * a click outside or Tab past its last link closes it too.
 */
export function ProfileMenu(): ReactNode {
  const { user } = useApp();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent): void => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onBlur = (event: FocusEvent): void => {
    if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };

  const initial = (user?.name.trim()[0] ?? '?').toUpperCase();
  return (
    <div className={styles.root} ref={root} onBlur={onBlur}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {user?.image ? (
          <img className={styles.avatar} {...photoSources(user.image, '32px')} alt="" width={32} height={32} />
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
