/**
 * Signed-in customers share rendered pages too (issue 18, ADR 016): a page that opts in
 * (`Astro.locals.cacheForSignedIn`) differs between signed-in visitors only by what its frame
 * shows of them, never by who they are: signed in, email verified, back-office link, the cart
 * badge's count, and on a product page what the review section offers. Those few values are the
 * page's *variant*; visitors with the same variant get the same HTML, so the page is rendered
 * once per variant (for 10 s, like the guest pages) instead of once per request.
 */
import { isBackOffice } from '@/lib/rules/roles';
import type { Db } from '../db/client';
import { rememberWhileUnwritten } from '../db/write-epoch';
import type { AuthUser } from './auth/users';
import { countCartUnits } from './cart/cart.server';
import { type ReviewAccess, reviewAccessOf, reviewEligibility } from './reviews.server';

/** Review eligibility by customer and product, remembered on PGlite while nothing was written (page-sessions.ts says why). */
const eligibilityOf = rememberWhileUnwritten<Awaited<ReturnType<typeof reviewEligibility>>>({ maxEntries: 5_000 });

/** A product page's unprefixed path names its id last (/products/{top}/{sub}/{id}). */
const PRODUCT_PATH = /^\/products\/[^/]+\/[^/]+\/(\d{1,9})$/;

export interface SignedInVariant {
  key: string;
  /** The badge count, so the layout need not count again. */
  cartUnits: number;
  /** On a product page: what its review section offers, so the page need not ask again. */
  reviewAccess?: ReviewAccess;
}

/** `knownCartUnits`: the count the session lookup already made (middleware), so it is not asked twice. */
export async function signedInVariant(
  db: Db,
  user: AuthUser,
  path: string,
  knownCartUnits?: number,
): Promise<SignedInVariant> {
  const productId = PRODUCT_PATH.exec(path)?.[1];
  const [cartUnits, eligibility] = await Promise.all([
    knownCartUnits ?? countCartUnits(db, user.id),
    productId !== undefined && user.emailVerified
      ? eligibilityOf(db, `${user.id}:${productId}`, () => reviewEligibility(db, user.id, Number(productId))).then(
          (r) => r.value,
        )
      : Promise.resolve(null),
  ]);
  const parts = [
    isBackOffice(user.role) ? 'office' : 'shopper',
    user.emailVerified ? 'verified' : 'unverified',
    String(cartUnits),
  ];
  if (productId === undefined) return { key: parts.join('|'), cartUnits };
  const reviewAccess = reviewAccessOf(user, eligibility);
  return { key: [...parts, reviewAccess].join('|'), cartUnits, reviewAccess };
}
