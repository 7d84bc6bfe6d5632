import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { loginPath } from '@carebook/shared';
import styles from './notice.module.css';

export interface VisitorNoticeProps {
  /** The screen's name, its h1 ("My Appointments"). */
  title: string;
  message: string;
  returnTo: string;
}

/** What a visitor sees on a patient-only screen: its name, why, and the way to log in and come back. */
export function VisitorNotice({ title, message, returnTo }: VisitorNoticeProps): ReactNode {
  return (
    <section className={styles.notice} aria-labelledby="visitor-notice-title">
      <h1 id="visitor-notice-title" className={styles.title}>
        {title}
      </h1>
      <p role="alert" className={styles.message}>
        {message}
      </p>
      <Link className={styles.action} to={loginPath(returnTo)}>
        Log in
      </Link>
    </section>
  );
}
