import { MESSAGES } from './messages';
import { hasForbiddenCharacters } from './validation';

/** A patient's rating of a completed visit: 1 to 5 stars and an optional comment. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX = 500;

/** `null` when `value` is a whole number of stars from 1 to 5, else the message to show. */
export function validateRating(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX
    ? null
    : MESSAGES.ratingInvalid;
}

/** Counted in characters as a person sees them (code points), as PostgreSQL's `char_length` does. */
// Like every other text field: no control characters (C0, DEL, C1; line breaks and tabs are
// fine in a comment) and no bidirectional controls.
export function validateRatingComment(comment: string): string | null {
  if (hasForbiddenCharacters(comment, { multiline: true })) return MESSAGES.ratingCommentInvalid;
  return [...comment].length <= RATING_COMMENT_MAX ? null : MESSAGES.ratingCommentTooLong;
}

/** `4.5` -> `4.5`, `4` -> `4.0`: an average always shows one decimal. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** `1 review`, `12 reviews`. */
export function reviewsLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** Shown instead of a rating until a patient has rated a visit (DECISIONS.md: nothing invented). */
export const NO_REVIEWS = 'No reviews yet';

/** The average and count to show, or `null` while there are no reviews (show {@link NO_REVIEWS}). */
export function ratingSummary(doctor: { rating?: number | null; reviews?: number }): { average: string; count: string } | null {
  const reviews = doctor.reviews ?? 0;
  if (reviews === 0 || doctor.rating === null || doctor.rating === undefined) return null;
  return { average: formatRating(doctor.rating), count: reviewsLabel(reviews) };
}
