import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from '@carebook/shared/router';
import { REDIRECTS, SCREENS } from '@carebook/shared';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSlot } from './remotes/remote-slot';

export function AppRoutes(): ReactNode {
  return (
    <Routes>
      {SCREENS.map(({ path, remote, module, skeleton }) => (
        <Route key={path} path={path} element={<RemoteSlot remote={remote} module={module} skeleton={skeleton} />} />
      ))}
      {REDIRECTS.map(({ from, to }) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
