import { and, desc, eq, sql } from 'drizzle-orm';
import sanitize from 'sanitize-html';
import type { Db } from '../db/client';
import { orderItems, orders, products, reviews } from '../db/schema/index';
import type { ReviewJson, ReviewSummary } from '@/lib/contract/accounts';
import { reviewAuthor } from '@/lib/rules/review';
import { invalidateCatalogRows } from './catalog/catalog-cache';

/**
 * Product reviews (storefront §2 ProductDetailsPage): the list with its summary, who may write one (a signed-in customer
 * with a successful order containing the product, once per product), and saving it. Text is
 * stored sanitised: no markup at all survives, so it is safe to render as HTML and reads the
 * same in the API.
 */

export const REVIEWS_PAGE_SIZE = 20;

export function sanitizeReviewText(text: string): string {
  return sanitize(text.trim(), { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewJson(r: Pick<ReviewRow, 'id' | 'authorName' | 'rating' | 'text' | 'createdAt'>): ReviewJson {
  return { id: r.id, author: r.authorName, rating: r.rating, text: r.text, created_at: r.createdAt.toISOString() };
}

/** Newest first, with the count and 1-decimal average of all of them (one query). */
export async function listReviews(
  db: Db,
  productId: number,
  options: { page?: number; perPage?: number } = {},
): Promise<{ reviews: ReviewJson[]; summary: ReviewSummary }> {
  const perPage = options.perPage ?? REVIEWS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const rows = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      average: sql<string | null>`round(avg(${reviews.rating}) over ()::numeric, 1)::text`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  let summary: ReviewSummary;
  if (rows.length > 0)
    summary = { count: rows[0]!.total, average: rows[0]!.average === null ? null : Number(rows[0]!.average) };
  else if (page === 1) summary = { count: 0, average: null };
  else summary = await reviewSummary(db, productId);
  return { reviews: rows.map(toReviewJson), summary };
}

export async function reviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      average: sql<string | null>`round(avg(${reviews.rating})::numeric, 1)::text`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return { count: row?.count ?? 0, average: row?.average == null ? null : Number(row.average) };
}

export interface ReviewEligibility {
  /** A successful order of this customer contains the product. */
  bought: boolean;
  /** This customer already reviewed it. */
  reviewed: boolean;
}

/** What the product page's review section offers this visitor. */
export type ReviewAccess = 'guest' | 'unverified' | 'not_bought' | 'reviewed' | 'can_review';

export function reviewAccessOf(
  user: { emailVerified: boolean } | null,
  eligibility: ReviewEligibility | null,
): ReviewAccess {
  if (!user) return 'guest';
  if (!user.emailVerified) return 'unverified';
  if (!eligibility?.bought) return 'not_bought';
  return eligibility.reviewed ? 'reviewed' : 'can_review';
}

/** One query: has the customer bought the product (order status Success) and reviewed it. */
export async function reviewEligibility(db: Db, userId: number, productId: number): Promise<ReviewEligibility> {
  const [row] = await db
    .select({
      bought: sql<boolean>`exists (select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
        where o.user_id = ${userId} and o.status = 'Success' and oi.product_id = ${productId})`,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.user_id = ${userId} and r.product_id = ${productId})`,
    })
    .from(sql`(select 1) as one`);
  return { bought: row?.bought === true, reviewed: row?.reviewed === true };
}

export async function isActiveProduct(db: Db, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
    .limit(1);
  return row !== undefined;
}

export type CreateReviewResult =
  | { ok: true; review: ReviewJson; summary: ReviewSummary }
  | { ok: false; reason: 'not_found' | 'not_bought' | 'already_reviewed' };

/**
 * Saves the customer's one review of the product. The unique (product, user) constraint decides
 * a race between two submits: the second inserts nothing and is "already reviewed".
 */
export async function createReview(
  db: Db,
  user: { id: number; name: string; surname: string },
  productId: number,
  input: { rating: number; text: string },
  now = new Date(),
): Promise<CreateReviewResult> {
  if (!(await isActiveProduct(db, productId))) return { ok: false, reason: 'not_found' };
  const eligibility = await reviewEligibility(db, user.id, productId);
  if (!eligibility.bought) return { ok: false, reason: 'not_bought' };
  if (eligibility.reviewed) return { ok: false, reason: 'already_reviewed' };
  const [row] = await db
    .insert(reviews)
    .values({
      productId,
      userId: user.id,
      authorName: reviewAuthor(user.name, user.surname).slice(0, 96),
      rating: input.rating,
      text: sanitizeReviewText(input.text),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
    .returning();
  if (!row) return { ok: false, reason: 'already_reviewed' };
  // List pages keep product rows (with their review summary) for a few seconds: show it at once.
  invalidateCatalogRows(db);
  return { ok: true, review: toReviewJson(row), summary: await reviewSummary(db, productId) };
}
