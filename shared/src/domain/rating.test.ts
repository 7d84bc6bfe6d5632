import { MESSAGES } from './messages';
import { formatRating, ratingSummary, reviewsLabel, validateRating, validateRatingComment } from './rating';

describe('rating rules', () => {
  it.each([1, 2, 3, 4, 5])('accepts %i stars', (stars) => expect(validateRating(stars)).toBeNull());

  it.each([0, 6, 4.5, '4', null, undefined, Number.NaN])('refuses %p', (value) => {
    expect(validateRating(value)).toBe(MESSAGES.ratingInvalid);
  });

  it('allows a comment of 500 characters, counting an emoji as one, and not 501', () => {
    expect(validateRatingComment('x'.repeat(500))).toBeNull();
    expect(validateRatingComment('😀'.repeat(500))).toBeNull();
    expect(validateRatingComment('x'.repeat(501))).toBe(MESSAGES.ratingCommentTooLong);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['another C1 control', 'a\u009bb'],
    ['a right-to-left override', 'good \u202Edab'],
    ['an isolate', 'a\u2066b\u2069'],
    ['a right-to-left mark', 'a\u200Fb'],
  ])('refuses a comment with %s, like every other text field', (_label, comment) => {
    expect(validateRatingComment(comment)).toBe(MESSAGES.ratingCommentInvalid);
  });

  it('accepts line breaks, tabs and any script in a comment', () => {
    expect(validateRatingComment('Very kind.\r\nExplained everything.\tThanks')).toBeNull();
    expect(validateRatingComment('شكرا جزيلا، طبيب ممتاز')).toBeNull();
  });

  it('shows one decimal and a counted noun', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.5)).toBe('4.5');
    expect(reviewsLabel(1)).toBe('1 review');
    expect(reviewsLabel(3)).toBe('3 reviews');
  });

  it('summarises a rated doctor, and has nothing to show before the first review', () => {
    expect(ratingSummary({ rating: 4.5, reviews: 12 })).toEqual({ average: '4.5', count: '12 reviews' });
    expect(ratingSummary({ rating: 5, reviews: 1 })).toEqual({ average: '5.0', count: '1 review' });
    expect(ratingSummary({ rating: null, reviews: 0 })).toBeNull();
    expect(ratingSummary({ rating: 4, reviews: 0 })).toBeNull();
    expect(ratingSummary({})).toBeNull();
  });
});
