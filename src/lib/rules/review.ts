/**
 * Review rules (storefront §2 ProductDetailsPage, §5): a rating is a whole number 1-5, the text is
 * optional and at most 2000 characters after trimming. The review form and the review API call
 * the same function; reviews are signed "Alex D.". Pure.
 */

export const REVIEW_TEXT_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export type ReviewProblem = 'rating' | 'textTooLong' | 'textType';

/** Problems of a submitted review by field (rating / text); empty when it may be saved. */
export function reviewProblems(rating: unknown, text: unknown): { rating?: ReviewProblem; text?: ReviewProblem } {
  const out: { rating?: ReviewProblem; text?: ReviewProblem } = {};
  const r = typeof rating === 'string' && /^\s*\d\s*$/.test(rating) ? Number(rating) : rating;
  if (typeof r !== 'number' || !Number.isInteger(r) || r < RATING_MIN || r > RATING_MAX) out.rating = 'rating';
  if (text !== undefined && text !== null && typeof text !== 'string') out.text = 'textType';
  else if (typeof text === 'string' && [...text.trim()].length > REVIEW_TEXT_MAX) out.text = 'textTooLong';
  return out;
}

/** "Alex D." from name and surname: how reviews are signed. */
export function reviewAuthor(name: string, surname: string): string {
  const first = name.trim() || 'Customer';
  const initial = [...surname.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
