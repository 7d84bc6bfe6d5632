import { useCallback } from 'react';
import { useNavigate } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

/** Logout clears the stored token and goes to the login screen (SPEC.md section 2). */
export function useLogout(): () => void {
  const { logout } = useApp();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    navigate(ROUTES.login);
  }, [logout, navigate]);
}
