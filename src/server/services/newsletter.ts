import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema/index';

/**
 * Trimmed and lower-cased before the check, so "  Ann@Example.COM " and "ann@example.com" are one
 * subscriber (the unique index is on the stored form). 254 is the longest usable address (RFC 5321).
 */
export const newsletterEmail = z
  .string({ error: 'The email field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The email field is required.')
  .max(254, 'The email must not be longer than 254 characters.')
  .pipe(z.email('Please enter a valid email address'));

/** A subscription row as a request finds or makes it; unconfirmed rows are no subscribers. */
export interface SubscriptionRequest {
  id: number;
  email: string;
  confirmed: boolean;
}

/**
 * Records the wish to subscribe (double opt-in: the row stays unconfirmed until the mailed link
 * is followed) and returns the row, new or existing. The insert's conflict clause makes two
 * simultaneous requests for one address (double click, two instances) end as one row.
 */
export async function requestSubscription(db: Db, email: string, languageId: number | null): Promise<SubscriptionRequest> {
  const normalized = newsletterEmail.parse(email);
  const [inserted] = await db
    .insert(newsletterSubscriptions)
    .values({ email: normalized, languageId: languageId && languageId > 0 ? languageId : null })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  if (inserted) return { id: inserted.id, email: normalized, confirmed: false };
  const [existing] = await db
    .select({ id: newsletterSubscriptions.id, confirmedAt: newsletterSubscriptions.confirmedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, normalized))
    .limit(1);
  if (!existing) throw new Error('newsletter row vanished between insert and select');
  return { id: existing.id, email: normalized, confirmed: existing.confirmedAt !== null };
}
