import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './layout.module.css';

export function Layout({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to main content
      </a>
      <Navbar />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
