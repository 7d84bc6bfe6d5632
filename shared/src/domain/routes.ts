/** The site's routes (SPEC.md section 2), so links between remotes are spelled once. */
export const ROUTES = {
  home: '/',
  doctors: '/doctors',
  login: '/login',
  about: '/about',
  contact: '/contact',
  myProfile: '/my-profile',
  myAppointments: '/my-appointments',
} as const;

export function doctorsBySpecialityPath(speciality: string): string {
  return `${ROUTES.doctors}/${encodeURIComponent(speciality)}`;
}

export function doctorPath(docId: string): string {
  return `/appointment/${encodeURIComponent(docId)}`;
}

/** `/login?next=/appointment/d1`: the login screen returns there after success. */
export function loginPath(next?: string): string {
  return next ? `${ROUTES.login}?next=${encodeURIComponent(next)}` : ROUTES.login;
}

/** The login screen's query parameter that opens it in sign-up mode: `/login?mode=signup`. */
export const SIGN_UP_MODE = 'signup';

/** `/login?mode=signup&next=/appointment/d1`: the login screen in sign-up mode. */
export function signUpPath(next?: string): string {
  const query = new URLSearchParams({ mode: SIGN_UP_MODE });
  if (next) query.set('next', next);
  return `${ROUTES.login}?${query.toString()}`;
}

/**
 * The place to return to after login, taken from `?next=`. Only same-site paths are accepted
 * (`/x`, not `//evil.example` or `https://...`), so the parameter cannot send a patient away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return ROUTES.home;
  return next;
}
