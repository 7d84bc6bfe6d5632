import type { ReactNode } from 'react';
import styles from './office-card.module.css';

/**
 * Where the office is, as a drawn street plan with a pin (our own artwork, no map service to
 * load or to leak visits to) and the address beside it.
 */
export function OfficeCard(): ReactNode {
  return (
    <figure className={styles.card}>
      <svg className={styles.plan} viewBox="0 0 320 160" aria-hidden="true" focusable="false">
        <rect width="320" height="160" fill="#eef3fd" />
        <path d="M0 112 L320 84" stroke="#ffffff" strokeWidth="18" />
        <path d="M96 0 L128 160" stroke="#ffffff" strokeWidth="14" />
        <path d="M232 0 L212 160" stroke="#ffffff" strokeWidth="10" />
        <path d="M0 36 L96 28 M128 22 L320 8" stroke="#ffffff" strokeWidth="8" />
        <rect x="14" y="48" width="60" height="44" rx="6" fill="#d9f0e3" />
        <rect x="146" y="30" width="64" height="40" rx="6" fill="#dde5f7" />
        <rect x="246" y="100" width="58" height="44" rx="6" fill="#dde5f7" />
        <circle cx="40" cy="70" r="9" fill="#b9e2cb" />
        <circle cx="58" cy="62" r="7" fill="#b9e2cb" />
        <g transform="translate(170 96)">
          <ellipse cx="0" cy="22" rx="12" ry="4" fill="#1c2333" opacity="0.15" />
          <path d="M0 20 C-14 4 -16 -4 -16 -10 A16 16 0 0 1 16 -10 C16 -4 14 4 0 20 Z" fill="#2453c7" />
          <circle cx="0" cy="-10" r="6" fill="#ffffff" />
        </g>
      </svg>
      <figcaption className={styles.caption}>
        <strong>CareBook office</strong>
        <span>100 Placeholder Avenue, Suite 200, near the corner of Park Street</span>
      </figcaption>
    </figure>
  );
}
