import type { ReactNode } from 'react';
import { Route, Routes } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import EarlierTimePage from './features/earlier-time/earlier-time-page';
import LoginPage from './features/login/login-page';
import MyAppointmentsPage from './features/my-appointments/my-appointments-page';
import MyProfilePage from './features/my-profile/my-profile-page';
import ResetPasswordPage from './features/reset-password/reset-password-page';

/** The routes this remote serves; the host maps the same paths to the exposed modules. */
export function App(): ReactNode {
  return (
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={ROUTES.myProfile} element={<MyProfilePage />} />
      <Route path={ROUTES.myAppointments} element={<MyAppointmentsPage />} />
      <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
      <Route path={ROUTES.earlierTime} element={<EarlierTimePage />} />
    </Routes>
  );
}
