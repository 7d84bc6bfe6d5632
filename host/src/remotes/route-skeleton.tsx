import type { ReactNode } from 'react';
import type { SkeletonShape } from '@carebook/shared';
import styles from './route-skeleton.module.css';

/**
 * Shown while a remote's screen loads: the region keeps the screen's rough shape (never a blank
 * area or a bare word), and screen readers hear that it is loading.
 */
export function RouteSkeleton({ shape }: { shape: SkeletonShape }): ReactNode {
  const lines = (
    <>
      <div className={styles.line} />
      <div className={`${styles.line} ${styles.short}`} />
    </>
  );
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <span className="cb-visually-hidden">Loading…</span>
      {shape === 'doctor' ? (
        <div className={styles.doctor} aria-hidden="true">
          <div className={`${styles.photo} ${styles.ghost}`} />
          <div>
            <div className={`${styles.line} ${styles.head}`} />
            {lines}
            {lines}
          </div>
        </div>
      ) : (
        <div aria-hidden="true">
          <div className={`${styles.line} ${styles.head}`} />
          {lines}
          {shape === 'list' && (
            <div className={styles.grid}>
              {[0, 1, 2, 3].map((n) => (
                <div key={n} className={`${styles.card} ${styles.ghost}`} />
              ))}
            </div>
          )}
          {shape === 'page' && lines}
        </div>
      )}
    </div>
  );
}
