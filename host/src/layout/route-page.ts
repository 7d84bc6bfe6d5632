import { matchPath } from '@carebook/shared/router';
import { isSpecialization, pageTitle, ROUTES } from '@carebook/shared';

/** What the shell knows about the page at a path before any remote has rendered. */
export interface RoutePage {
  /**
   * Two paths with the same key are one page: moving between them (a specialization filter on
   * the doctor list) keeps the scroll position and focus. A new key is a new page.
   */
  key: string;
  /** The document title the shell sets; a remote may refine it (the doctor's name, sign-up mode). */
  title: string;
}

const STATIC_PAGES: Record<string, string> = {
  [ROUTES.home]: 'Book a doctor online',
  [ROUTES.doctors]: 'All doctors',
  [ROUTES.login]: 'Log in',
  [ROUTES.myProfile]: 'My profile',
  [ROUTES.myAppointments]: 'My appointments',
  [ROUTES.about]: 'About us',
  [ROUTES.contact]: 'Contact us',
};

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The page at `pathname`: its identity and its default title (SPEC.md section 2's routes). */
export function routePage(pathname: string): RoutePage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = STATIC_PAGES[path];
  if (fixed) return { key: path, title: pageTitle(fixed) };

  const list = matchPath(`${ROUTES.doctors}/:speciality`, path);
  if (list) {
    const speciality = decodeParam(list.params.speciality ?? '');
    const title = isSpecialization(speciality) ? pageTitle(`${speciality}s`, 'Doctors') : pageTitle('Doctors');
    return { key: ROUTES.doctors, title };
  }
  if (matchPath('/appointment/:docId', path)) return { key: path, title: pageTitle('Doctor') };
  return { key: path, title: pageTitle('Page not found') };
}
