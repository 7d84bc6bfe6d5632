import type { ReactNode } from 'react';
import { photoSources } from '@carebook/shared';
import styles from './my-profile-page.module.css';

/** The patient's photo in a fixed square, or their initial when there is none. */
export function ProfilePhoto({ src, name, alt }: { src: string; name: string; alt?: string }): ReactNode {
  if (!src) {
    return (
      <span className={`${styles.photo} ${styles.initial}`} aria-hidden="true">
        {(name.trim()[0] ?? '?').toUpperCase()}
      </span>
    );
  }
  return <img className={styles.photo} {...photoSources(src, '120px')} alt={alt ?? `Photo of ${name}`} width={120} height={120} />;
}
