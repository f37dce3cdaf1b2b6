/** Review display of the product page. Pure. The rules are in src/lib/rules/review.ts. */
import { RATING_MAX } from '@/lib/rules/review';

/** Whole stars for display (the average rounded to the nearest half is not needed: 1 decimal is shown). */
export function starsOf(rating: number): string {
  const full = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(RATING_MAX - full);
}
