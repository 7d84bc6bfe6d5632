import { ROUTES } from '@carebook/shared';

/** The navbar's in-site links, in order (docs/product.md, "Screens"). Admin Panel is external, added apart. */
export const NAV_ITEMS = [
  { to: ROUTES.home, label: 'Home', end: true },
  { to: ROUTES.doctors, label: 'All Doctors', end: false },
  { to: ROUTES.about, label: 'About', end: true },
  { to: ROUTES.contact, label: 'Contact', end: true },
] as const;
