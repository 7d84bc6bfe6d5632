import type { ReactNode } from 'react';
import { MESSAGES } from '@carebook/shared';
import styles from './load-error.module.css';

/** In place of a list that failed to load; the provider has already shown the error toast. */
export function LoadError({ onRetry }: { onRetry: () => void }): ReactNode {
  return (
    <div className={styles.panel}>
      <p className={styles.message}>{MESSAGES.doctorsLoadFailed}.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
