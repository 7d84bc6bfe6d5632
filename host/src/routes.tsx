import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from '@carebook/shared/router';
import { ROUTES, SCREENS } from '@carebook/shared';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSlot } from './remotes/remote-slot';

export function AppRoutes(): ReactNode {
  return (
    <Routes>
      {SCREENS.map(({ path, remote, module }) => (
        <Route key={path} path={path} element={<RemoteSlot remote={remote} module={module} />} />
      ))}
      <Route path="/appointments" element={<Navigate to={ROUTES.myAppointments} replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
