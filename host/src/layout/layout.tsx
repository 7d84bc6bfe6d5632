import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { usePageFocus } from './use-page-focus';
import { useRouteTitle } from './use-route-title';
import { useScrollRestoration } from './use-scroll-restoration';
import styles from './layout.module.css';

const MAIN_ID = 'main';

export function Layout({ children }: { children: ReactNode }): ReactNode {
  useRouteTitle();
  useScrollRestoration();
  const announcement = usePageFocus(MAIN_ID);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <Navbar />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {/* Read out after each move to a new page; the focus lands on its h1 at the same time. */}
      <p className="cb-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </p>
    </div>
  );
}
