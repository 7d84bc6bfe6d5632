import type { ReactNode } from 'react';
import { photoSources } from '@carebook/shared';
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
  /** The width the screen draws it at (an `<img>`'s `sizes`): the browser takes the smallest stored width sharp at it. */
  sizes: string;
}

/** The image alone, styled as its own square box (no wrapper: one element fewer per card to parse and lay out). */
export function DoctorPhoto({ src, alt, eager = false, sizes }: DoctorPhotoProps): ReactNode {
  return (
    <img
      className={styles.photo}
      {...photoSources(src, sizes)}
      alt={alt}
      width={PHOTO_WIDTH}
      height={PHOTO_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
