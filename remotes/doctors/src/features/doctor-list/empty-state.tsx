import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export function EmptyState({ onReset }: { onReset: () => void }): ReactNode {
  return (
    <div className={styles.empty}>
      <p className={styles.message}>No doctors found matching your criteria</p>
      <button type="button" className={styles.reset} onClick={onReset}>
        Reset Filters
      </button>
    </div>
  );
}
