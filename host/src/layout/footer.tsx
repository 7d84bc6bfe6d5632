import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import styles from './footer.module.css';

const QUICK_LINKS = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.doctors, label: 'All Doctors' },
  { to: ROUTES.about, label: 'About us' },
  { to: ROUTES.contact, label: 'Contact us' },
  { to: ROUTES.myAppointments, label: 'My Appointments' },
];

export function Footer(): ReactNode {
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">CareBook</h2>
          <p>Find a doctor you trust and book a half-hour visit in a minute, day or night.</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Get in touch</h2>
          <ul>
            <li>+1 (555) 010-2040</li>
            <li>hello@carebook.example</li>
            <li>100 Placeholder Avenue, Suite 200</li>
          </ul>
        </section>
      </div>
      <p className={styles.copy}>© {new Date().getFullYear()} CareBook. Contact details are placeholders.</p>
    </footer>
  );
}
