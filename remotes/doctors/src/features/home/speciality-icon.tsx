import type { ReactNode } from 'react';
import type { Specialization } from '@carebook/shared';

/**
 * One line drawing per specialization, drawn for CareBook on a 32-unit grid: inline, so there
 * is nothing to download and nothing shifts while it loads. Decorative: the tile names it.
 */
const PATHS: Record<Specialization, ReactNode> = {
  // A stethoscope.
  'General Physician': (
    <>
      <path d="M9 5v8a6 6 0 0 0 12 0V5" />
      <path d="M15 19v3a6 6 0 0 0 12 0v-2" />
      <circle cx="27" cy="17" r="3" />
      <path d="M7 5h4M19 5h4" />
    </>
  ),
  // A mother-and-child silhouette: two circles and a sheltering curve.
  Gynecologist: (
    <>
      <circle cx="13" cy="8" r="4" />
      <path d="M6 28c0-7 3-12 7-12s7 3 8 7" />
      <circle cx="22" cy="20" r="3" />
      <path d="M17 28c0-3 2-5 5-5s5 2 5 5" />
    </>
  ),
  // A drop of skin care beside a layered skin section.
  Dermatologist: (
    <>
      <path d="M5 22c4-2 8 2 12 0s8-2 10 0" />
      <path d="M5 27h22" />
      <path d="M16 4c-3 5-5 7-5 10a5 5 0 0 0 10 0c0-3-2-5-5-10z" />
    </>
  ),
  // A teddy bear's head.
  Pediatrician: (
    <>
      <circle cx="9" cy="9" r="3.5" />
      <circle cx="23" cy="9" r="3.5" />
      <circle cx="16" cy="18" r="9" />
      <circle cx="12.5" cy="16" r="1" />
      <circle cx="19.5" cy="16" r="1" />
      <path d="M13.5 21.5c1.5 1.3 3.5 1.3 5 0" />
    </>
  ),
  // A brain, two hemispheres with folds.
  Neurologist: (
    <>
      <path d="M15 6c-3-2-8 0-8 4-3 1-4 5-2 8-1 3 1 7 5 7 1 2 3 3 5 2z" />
      <path d="M17 6c3-2 8 0 8 4 3 1 4 5 2 8 1 3-1 7-5 7-1 2-3 3-5 2z" />
      <path d="M15 6v21M17 6v21" />
      <path d="M9 14c2 0 3 1 3 3M23 14c-2 0-3 1-3 3" />
    </>
  ),
  // A stomach.
  Gastroenterologist: (
    <>
      <path d="M12 4v6c0 2-2 3-3 5-2 4 0 10 6 11 5 1 10-2 11-7 1-4-1-8-5-8-3 0-4 2-6 2" />
      <path d="M15 26c1 1 1 2 0 3" />
    </>
  ),
};

export function SpecialityIcon({ name }: { name: Specialization }): ReactNode {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
