import type { ReactNode } from 'react';
import { Route, Routes } from '@carebook/shared/router';
import DoctorPage from './features/doctor-page/doctor-page';

/** The routes this remote serves; the host maps the same paths to the exposed modules. */
export function App(): ReactNode {
  return (
    <Routes>
      <Route path="/appointment/:docId" element={<DoctorPage />} />
    </Routes>
  );
}
