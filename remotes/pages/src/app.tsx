import type { ReactNode } from 'react';
import { Route, Routes } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import AboutPage from './features/about/about-page';
import ContactPage from './features/contact/contact-page';

/** The routes this remote serves; the host maps the same paths to the exposed modules. */
export function App(): ReactNode {
  return (
    <Routes>
      <Route path={ROUTES.about} element={<AboutPage />} />
      <Route path={ROUTES.contact} element={<ContactPage />} />
      <Route path="*" element={<AboutPage />} />
    </Routes>
  );
}
