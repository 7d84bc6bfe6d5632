/*
 * The words a doctor card states, shared by the doctors remote and the server's first view so they cannot drift.
 * Each takes only the fields it reads, named here (a `Doctor` has them): the domain sits below the
 * wire contract and the types inferred from it, and imports neither.
 */

/** Shown when a doctor did not state their experience (docs/product.md, "Screens"). */
export const EXPERIENCE_FALLBACK = '10+ years experience';
/** Shown when a doctor has no location (docs/product.md, "Screens"). */
export const LOCATION_FALLBACK = 'Downtown Clinic';

/** `'12 Years'` → `12 Years experience`; a bare `'7'` → `7 years experience`; empty → the fallback. */
export function experienceLabel(doctor: { experience?: string }): string {
  const experience = doctor.experience?.trim();
  if (!experience) return EXPERIENCE_FALLBACK;
  return /^\d+$/.test(experience) ? `${experience} years experience` : `${experience} experience`;
}

export function locationLabel(doctor: { location?: string }): string {
  return doctor.location?.trim() || LOCATION_FALLBACK;
}

/** The availability badge's words, on the list cards, the home tiles and the server's first view. */
export function availabilityLabel(doctor: { available: boolean }): string {
  return doctor.available ? 'Available' : 'Not booking now';
}

/** `Fee: $50`: the visit fee in the clinic's currency, as the doctor cards show it. */
export function feeLabel(doctor: { fees: number }): string {
  return `Fee: $${doctor.fees}`;
}
