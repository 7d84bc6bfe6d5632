import type { ReactNode } from 'react';
import { Route, Routes } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import HomePage from './features/home/home-page';
import DoctorListPage from './features/doctor-list/doctor-list-page';

/** The routes this remote serves; the host maps the same paths to the exposed modules. */
export function App(): ReactNode {
  return (
    <Routes>
      <Route path={ROUTES.home} element={<HomePage />} />
      <Route path={`${ROUTES.doctors}/:speciality?`} element={<DoctorListPage />} />
    </Routes>
  );
}
