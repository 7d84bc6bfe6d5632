/** The site's name, last in every document title. */
export const SITE_NAME = 'CareBook';

/**
 * A document title, most specific part first, so browser tabs and history lists stay telling
 * when cut short: `pageTitle('Dr. Mei-Lin Hartmann', 'Dermatologist')` =
 * `Dr. Mei-Lin Hartmann · Dermatologist · CareBook`. Empty parts are left out.
 */
export function pageTitle(...parts: ReadonlyArray<string | null | undefined>): string {
  return [...parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part)), SITE_NAME].join(' · ');
}
