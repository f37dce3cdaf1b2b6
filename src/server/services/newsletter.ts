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

export type SubscribeOutcome = 'subscribed' | 'already_subscribed';

/**
 * Adds the address once. The insert's conflict clause makes two simultaneous sign-ups of one
 * address (double click, two instances) end as one row and one "subscribed".
 */
export async function subscribeToNewsletter(db: Db, email: string, languageId: number | null): Promise<SubscribeOutcome> {
  const normalized = newsletterEmail.parse(email);
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: normalized, languageId: languageId && languageId > 0 ? languageId : null })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return inserted.length > 0 ? 'subscribed' : 'already_subscribed';
}
