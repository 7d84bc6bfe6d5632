import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@carebook/shared/router';
import { useAdminSession } from './admin-session';

/** Screens behind the admin login: without a token, the login screen, then back here. */
export function RequireAdmin({ children }: { children: ReactNode }): ReactNode {
  const { token, loggedOut } = useAdminSession();
  const location = useLocation();
  if (token) return children;
  const next = `${location.pathname}${location.search}`;
  return <Navigate to={next === '/' || loggedOut ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
}
