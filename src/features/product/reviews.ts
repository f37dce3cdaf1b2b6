/**
 * Review rules shared by the review form and the review API (storefront §2 ProductDetailsPage, §5): rating a whole number
 * 1-5, text up to 2000 characters (optional). Pure.
 */

export const REVIEW_TEXT_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export interface ReviewJson {
  id: number;
  author: string;
  rating: number;
  /** Sanitised: plain text with &, <, > escaped (safe as HTML). */
  text: string;
  created_at: string;
}

export interface ReviewSummary {
  count: number;
  /** One decimal; null without reviews. */
  average: number | null;
}

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

/** Whole stars for display (the average rounded to the nearest half is not needed: 1 decimal is shown). */
export function starsOf(rating: number): string {
  const full = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(RATING_MAX - full);
}
