/**
 * Response shapes of /api/products/{id}/reviews, shared by the review service that builds them
 * and the review form island. The API contract (src/lib/contract/) takes these over.
 */

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
