import type { ReactNode } from 'react';
import { MISSION, STEPS, TEAM, TESTIMONIALS } from './about-content';
import styles from './about-page.module.css';

export default function AboutPage(): ReactNode {
  return (
    <article className={styles.page} aria-labelledby="about-title">
      <header className={styles.hero}>
        <h1 id="about-title">About CareBook</h1>
        <p>{MISSION}</p>
      </header>

      <section aria-labelledby="how-title" className={styles.section}>
        <h2 id="how-title">How it works</h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.card}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-title" className={styles.section}>
        <h2 id="team-title">Our team</h2>
        <ul className={styles.team}>
          {TEAM.map((person) => (
            <li key={person.name} className={styles.card}>
              <span className={styles.avatar} aria-hidden="true">
                {person.initials}
              </span>
              <h3>{person.name}</h3>
              <p>{person.role}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="voices-title" className={styles.section}>
        <h2 id="voices-title">What people say</h2>
        <ul className={styles.quotes}>
          {TESTIMONIALS.map((item) => (
            <li key={item.author} className={styles.card}>
              <blockquote>
                <p>“{item.quote}”</p>
              </blockquote>
              <p className={styles.author}>{item.author}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
