import type { ReactNode } from 'react';
import styles from './doctor-photo.module.css';

/** The portraits the API serves are 200 × 240; the box keeps that ratio before they arrive. */
const PHOTO_WIDTH = 200;
const PHOTO_HEIGHT = 240;

export interface DoctorPhotoProps {
  src: string;
  /** Empty when the doctor's name is right beside the photo. */
  alt: string;
  /** Above the fold: load at once; otherwise when scrolled near. */
  eager?: boolean;
}

/** The image alone, styled as its own square box (no wrapper: one element fewer per card to parse and lay out). */
export function DoctorPhoto({ src, alt, eager = false }: DoctorPhotoProps): ReactNode {
  return (
    <img
      className={styles.photo}
      src={src}
      alt={alt}
      width={PHOTO_WIDTH}
      height={PHOTO_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
