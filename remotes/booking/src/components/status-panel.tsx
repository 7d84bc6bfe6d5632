import type { ReactNode } from 'react';
import styles from './status-panel.module.css';

export interface StatusPanelProps {
  /** `loading` is announced politely; `problem` is an alert. */
  kind: 'loading' | 'problem';
  title: string;
  children?: ReactNode;
}

/** The non-content states of a screen: loading, not found, failed to load. Never a blank page. */
export function StatusPanel({ kind, title, children }: StatusPanelProps): ReactNode {
  return (
    <section className={styles.panel} role={kind === 'loading' ? 'status' : 'alert'} aria-live={kind === 'loading' ? 'polite' : undefined}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}
