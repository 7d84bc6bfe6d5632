import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { loginPath } from '@carebook/shared';
import styles from './notice.module.css';

/** What a visitor sees on a patient-only screen: why, and the way to log in and come back. */
export function VisitorNotice({ message, returnTo }: { message: string; returnTo: string }): ReactNode {
  return (
    <section className={styles.notice} aria-live="polite">
      <p role="alert" className={styles.message}>
        {message}
      </p>
      <Link className={styles.action} to={loginPath(returnTo)}>
        Log in
      </Link>
    </section>
  );
}
