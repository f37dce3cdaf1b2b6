import { persistentAtom } from '@nanostores/persistent';
import { showWishlistCount } from './wishlist-count';
import { WISHLIST_KEY, decodeWishlist, encodeWishlist, withId, withoutId } from './wishlist-ids';

/**
 * The local wishlist (storefront §3 "Wishlist", §4): product ids in localStorage under
 * `wishlist`, shared by the list cards and the /wishlist page; other tabs follow (storage events).
 * Owner: product-list helper (storefront §2 Wishlist).
 */
export const $wishlist = persistentAtom<number[]>(WISHLIST_KEY, [], {
  encode: encodeWishlist,
  decode: decodeWishlist,
});

// The header's count follows every change made on this page.
$wishlist.listen((ids) => showWishlistCount(ids.length));

export function isInWishlist(id: number): boolean {
  return $wishlist.get().includes(id);
}

export function addToWishlist(id: number): void {
  $wishlist.set(withId($wishlist.get(), id));
}

export function removeFromWishlist(id: number): void {
  $wishlist.set(withoutId($wishlist.get(), id));
}

/** Adds or removes; answers whether the id is in the wishlist afterwards. */
export function toggleWishlist(id: number): boolean {
  const inList = isInWishlist(id);
  if (inList) removeFromWishlist(id);
  else addToWishlist(id);
  return !inList;
}
