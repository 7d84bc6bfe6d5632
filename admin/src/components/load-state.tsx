import type { ReactNode } from 'react';
import { formStyles } from '@carebook/shared/forms';
import styles from './load-state.module.css';

/** "Loading ..." announced politely while a list first loads. */
export function Loading({ label }: { label: string }): ReactNode {
  return (
    <div className={styles.box} role="status">
      <p>{label}</p>
    </div>
  );
}

/** A failed load: the server's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }): ReactNode {
  return (
    <div className={`${styles.box} ${styles.error}`} role="alert">
      <p>{message}</p>
      <p>
        <button type="button" className={formStyles.secondary} onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}

/** Nothing to show, said plainly, with an optional next step. */
export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }): ReactNode {
  return (
    <div className={styles.box}>
      <p>{children}</p>
      {action && <p>{action}</p>}
    </div>
  );
}
