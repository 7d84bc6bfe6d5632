import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { HeroIllustration } from './hero-illustration';
import styles from './hero.module.css';

export function Hero(): ReactNode {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <h1 id="hero-title" className={styles.title}>
          Book an appointment with trusted doctors
        </h1>
        <p className={styles.lead}>
          Browse our specialists, pick a time that suits you and book a 30-minute visit in a few clicks.
        </p>
        <Link className={styles.cta} to={ROUTES.doctors}>
          Book appointment
        </Link>
      </div>
      <HeroIllustration className={styles.art} />
    </section>
  );
}
