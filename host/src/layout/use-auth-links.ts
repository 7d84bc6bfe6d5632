import { useLocation } from '@carebook/shared/router';
import { loginPath, ROUTES, safeNextPath, signUpPath } from '@carebook/shared';

/**
 * The navbar's Log in and Create Account addresses. Both bring the patient back to the page they
 * were on (on the login screen itself, to wherever it was already going).
 */
export function useAuthLinks(): { login: string; signUp: string } {
  const { pathname, search } = useLocation();
  const next =
    pathname === ROUTES.login ? safeNextPath(new URLSearchParams(search).get('next')) : `${pathname}${search}`;
  const back = next === ROUTES.home ? undefined : next;
  return { login: loginPath(back), signUp: signUpPath(back) };
}
