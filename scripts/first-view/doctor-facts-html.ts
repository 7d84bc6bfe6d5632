import { NO_REVIEWS, nextFreeTime, ratingSummary, type ClinicInfo, type Doctor } from '@carebook/shared';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The text of the doctors remote's `DoctorRating` and `NextFreeSlot` (remotes/doctors/src/
 * components), word for word, so the home tiles and the list cards read the same before and after
 * handover; the first-view e2e tests compare the two. Both take the facts from the shared
 * `ratingSummary` and `nextFreeTime`.
 */
export function ratingHtml(doctor: Doctor): string {
  const summary = ratingSummary(doctor);
  if (!summary) return `<p class="fv-muted">${NO_REVIEWS}</p>`;
  return `<p class="fv-rating"><span class="fv-star" aria-hidden="true">★</span><span class="fv-hidden">Rated </span>${summary.average}<span class="fv-hidden"> out of 5</span> <span class="fv-muted">(${summary.count})</span></p>`;
}

export function nextFreeHtml(doctor: Doctor, clinic: ClinicInfo | null, now: Date): string {
  const next = clinic ? nextFreeTime(doctor, now, clinic.timeZone) : null;
  if (!next) return '';
  if (next.kind === 'none') return '<p class="fv-next">No free times in the next 7 days</p>';
  return `<p class="fv-next">Next: <time datetime="${next.dateTime}">${next.label}</time></p>`;
}
