/**
 * The specializations the clinic offers, in the order the sidebar and the home grid show them.
 * The only list in the product: the screens, the seed data and the API all read this one.
 */
export const SPECIALIZATIONS = [
  'General Physician',
  'Gynecologist',
  'Dermatologist',
  'Pediatrician',
  'Neurologist',
  'Gastroenterologist',
] as const;

export type Specialization = (typeof SPECIALIZATIONS)[number];

/** True when `value` is exactly one of {@link SPECIALIZATIONS}. */
export function isSpecialization(value: string): value is Specialization {
  return (SPECIALIZATIONS as readonly string[]).includes(value);
}
