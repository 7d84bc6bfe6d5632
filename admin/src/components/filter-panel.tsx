import type { ReactNode } from 'react';
import { formStyles } from '@carebook/shared/forms';
import styles from './filter-panel.module.css';

export interface FilterPanelProps {
  /** What the filters choose, e.g. "Show appointments". */
  legend: string;
  /** False while every filter is at its default: Clear filters is then disabled. */
  canClear: boolean;
  onClear: () => void;
  /** The filter fields, laid out in a grid that wraps on narrow screens. */
  children: ReactNode;
}

/** A list page's filters: the fields side by side, and Clear filters after them. */
export function FilterPanel({ legend, canClear, onClear, children }: FilterPanelProps): ReactNode {
  return (
    <fieldset className={styles.filters}>
      <legend>{legend}</legend>
      <div className={styles.filterGrid}>
        {children}
        <div className={styles.clear}>
          <button type="button" className={formStyles.secondary} disabled={!canClear} onClick={onClear}>
            Clear filters
          </button>
        </div>
      </div>
    </fieldset>
  );
}
