/**
 * `@carebook/shared/web`: stateless browser helpers. Not shared at run time: each app bundles
 * the copy it was built with, so a remote may use a helper the live host has never seen.
 */
export { StandaloneRoot } from './standalone-root';
export { downloadAppointmentCalendar } from './calendar-download';
export { useNow } from './use-now';
