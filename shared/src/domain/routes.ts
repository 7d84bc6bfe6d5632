import { pageTitle } from './page-title';
import { isSpecialization } from './specializations';

/** The site's routes (docs/product.md, "Screens"), so links between remotes are spelled once. */
export const ROUTES = {
  home: '/',
  doctors: '/doctors',
  login: '/login',
  about: '/about',
  contact: '/contact',
  myProfile: '/my-profile',
  myAppointments: '/my-appointments',
  /** "Forgot password?" and, with `#token=` from the emailed link, "choose a new password". */
  resetPassword: '/reset-password',
  /** An earlier time offered from the waitlist, `?offer=<id>` from the email: "Take this time". */
  earlierTime: '/earlier-time',
} as const;

/** Route patterns with parameters, as the host's router declares them. */
export const ROUTE_PATTERNS = {
  doctorsBySpeciality: `${ROUTES.doctors}/:speciality?`,
  doctorPage: '/appointment/:docId',
} as const;

/** The shape a screen's region keeps while its code is on the way (the host draws it). */
export type SkeletonShape = 'list' | 'doctor' | 'page';

/** A route's parameters as the router matched them (`:speciality` of the doctor list). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * A screen of the site: the route, the remote that owns it, the module that remote exposes, and
 * everything the shell knows about it before that module has run.
 */
export interface Screen {
  path: string;
  remote: string;
  module: string;
  /**
   * The document title the shell sets, on the server and in the browser, from the route's
   * (decoded) parameters; the screen may refine it once it runs (the doctor's name, sign-up mode).
   */
  title: (params: RouteParams) => string;
  /** The region's shape while the screen's code loads, or when the server leaves it to the browser. */
  skeleton: SkeletonShape;
  /**
   * Every address of this route is one page (the doctor list under any specialization filter):
   * moving between them keeps the scroll position and focus. Otherwise each address is its own page.
   */
  onePage?: true;
  /**
   * The patient uses this screen through the app (books, signs in, manages the account: what
   * needs the token) rather than reading it and leaving by a link: its page asks for the app's
   * start scripts at once (servers/host/render-page.ts). On a page left by a link they would share
   * the phone's link with the next page instead.
   */
  usedThroughApp?: true;
}

/** Where a screen lives: what a remote's release must expose for it. */
export type ScreenAddress = Pick<Screen, 'path' | 'remote' | 'module'>;

/** The doctor list's title: the specialization filtered by, when it is one. */
function doctorListTitle({ speciality }: RouteParams): string {
  if (speciality === undefined || speciality === '') return pageTitle('All doctors');
  return isSpecialization(speciality) ? pageTitle(`${speciality}s`, 'Doctors') : pageTitle('Doctors');
}

/**
 * Every screen and the remote that owns it (docs/product.md, "Screens"). The host builds its
 * routes, titles and skeletons from this table; `apps.test.ts` checks that each remote exposes what
 * the table needs, and a release of a remote is refused when it stops exposing one of them.
 */
export const SCREENS: readonly Screen[] = [
  { path: ROUTES.home, remote: 'doctors', module: 'home', title: () => pageTitle('Book a doctor online'), skeleton: 'list' },
  {
    path: ROUTE_PATTERNS.doctorsBySpeciality,
    remote: 'doctors',
    module: 'doctor-list',
    title: doctorListTitle,
    skeleton: 'list',
    onePage: true,
  },
  {
    path: ROUTE_PATTERNS.doctorPage,
    remote: 'booking',
    module: 'doctor-page',
    title: () => pageTitle('Doctor'),
    skeleton: 'doctor',
    usedThroughApp: true,
  },
  { path: ROUTES.login, remote: 'account', module: 'login', title: () => pageTitle('Log in'), skeleton: 'page', usedThroughApp: true },
  {
    path: ROUTES.myProfile,
    remote: 'account',
    module: 'my-profile',
    title: () => pageTitle('My profile'),
    skeleton: 'page',
    usedThroughApp: true,
  },
  {
    path: ROUTES.myAppointments,
    remote: 'account',
    module: 'my-appointments',
    title: () => pageTitle('My appointments'),
    skeleton: 'page',
    usedThroughApp: true,
  },
  {
    // The emailed link's `#token=` never reaches the server: the server's title is the first step's.
    path: ROUTES.resetPassword,
    remote: 'account',
    module: 'reset-password',
    title: () => pageTitle('Forgot password'),
    skeleton: 'page',
    usedThroughApp: true,
  },
  {
    path: ROUTES.earlierTime,
    remote: 'account',
    module: 'earlier-time',
    title: () => pageTitle('An earlier time'),
    skeleton: 'page',
    usedThroughApp: true,
  },
  { path: ROUTES.about, remote: 'pages', module: 'about', title: () => pageTitle('About us'), skeleton: 'page' },
  { path: ROUTES.contact, remote: 'pages', module: 'contact', title: () => pageTitle('Contact us'), skeleton: 'page' },
];

/** Addresses the shell sends on to a screen (an old address kept working), with a 200 from the server. */
export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [{ from: '/appointments', to: ROUTES.myAppointments }];

/** The title of a page the shell has no screen for. */
export const notFoundTitle = (): string => pageTitle('Page not found');

export function doctorsBySpecialityPath(speciality: string): string {
  return `${ROUTES.doctors}/${encodeURIComponent(speciality)}`;
}

export function doctorPath(docId: string): string {
  return ROUTE_PATTERNS.doctorPage.replace(':docId', encodeURIComponent(docId));
}

/** The offer page an "An earlier time" email links to. */
export function earlierTimePath(offerId: string): string {
  return `${ROUTES.earlierTime}?offer=${encodeURIComponent(offerId)}`;
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

/** `/login?reason=expired&next=...`: the login screen says the session ran out. */
export function sessionExpiredPath(next?: string): string {
  const query = new URLSearchParams({ reason: 'expired' });
  if (next && next !== ROUTES.home) query.set('next', next);
  return `${ROUTES.login}?${query.toString()}`;
}

/** `/appointment/doc01?date=23_11_2026&time=14:30`: a doctor's page with a slot already chosen. */
export function doctorSlotPath(docId: string, slot: { slotDate?: string; slotTime?: string | null }): string {
  // `:` is legal in a query, so `time=14:30` stays readable.
  const encode = (value: string): string => encodeURIComponent(value).replace(/%3A/gi, ':');
  const parts: string[] = [];
  if (slot.slotDate) parts.push(`date=${encode(slot.slotDate)}`);
  if (slot.slotDate && slot.slotTime) parts.push(`time=${encode(slot.slotTime)}`);
  return parts.length > 0 ? `${doctorPath(docId)}?${parts.join('&')}` : doctorPath(docId);
}

/**
 * The place to return to after login, taken from `?next=`. Only same-site paths are accepted
 * (`/x`, not `//evil.example` or `https://...`), so the parameter cannot send a patient away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return ROUTES.home;
  return next;
}
