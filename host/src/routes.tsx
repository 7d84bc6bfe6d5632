import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@carebook/shared';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSlot } from './remotes/remote-slot';
import type { RemoteName } from './remotes/runtime-config';

/** Every route of SPEC.md section 2, and the remote that owns it (DECISIONS.md section 1). */
export const SCREEN_ROUTES: ReadonlyArray<{ path: string; remote: RemoteName; module: string }> = [
  { path: ROUTES.home, remote: 'doctors', module: 'home' },
  { path: `${ROUTES.doctors}/:speciality?`, remote: 'doctors', module: 'doctor-list' },
  { path: '/appointment/:docId', remote: 'booking', module: 'doctor-page' },
  { path: ROUTES.login, remote: 'account', module: 'login' },
  { path: ROUTES.myProfile, remote: 'account', module: 'my-profile' },
  { path: ROUTES.myAppointments, remote: 'account', module: 'my-appointments' },
  { path: ROUTES.about, remote: 'pages', module: 'about' },
  { path: ROUTES.contact, remote: 'pages', module: 'contact' },
];

export function AppRoutes(): ReactNode {
  return (
    <Routes>
      {SCREEN_ROUTES.map(({ path, remote, module }) => (
        <Route key={path} path={path} element={<RemoteSlot remote={remote} module={module} />} />
      ))}
      <Route path="/appointments" element={<Navigate to={ROUTES.myAppointments} replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
