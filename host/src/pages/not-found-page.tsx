import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import styles from './not-found-page.module.css';

export function NotFoundPage(): ReactNode {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <Link className={styles.home} to={ROUTES.home}>
        Go to the home page
      </Link>
    </section>
  );
}
