import type { ReactNode } from 'react';
import { Hero } from './hero';
import { SpecialityGrid } from './speciality-grid';
import { TopDoctors } from './top-doctors';
import styles from './home-page.module.css';

/** `/`: the hero, the specialization grid and the top doctors. */
export default function HomePage(): ReactNode {
  return (
    <div className={styles.page}>
      <Hero />
      <SpecialityGrid />
      <TopDoctors />
    </div>
  );
}
