import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema/index';

// The address rule is the contract's (src/lib/contract/forms.ts): the API checks requests with it.
import { newsletterEmail } from '@/lib/contract/forms';

export { newsletterEmail };

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
export async function requestSubscription(
  db: Db,
  email: string,
  languageId: number | null,
): Promise<SubscriptionRequest> {
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
