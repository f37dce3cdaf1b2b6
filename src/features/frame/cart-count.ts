import { atom } from 'nanostores';

/**
 * Items in the cart for the header badge. The server renders the count (prop of the layout);
 * the cart store updates this store after add/remove so the badge follows without a reload.
 */
export const $cartCount = atom<number | null>(null);

/**
 * Fired on window when the count changes: the badge island hydrates on interaction only, and
 * this event wakes it (Header.astro passes it to client:interaction) so it shows the new count.
 */
export const CART_COUNT_EVENT = 'shop:cart-count';

export function setCartCount(count: number): void {
  const next = Math.max(0, Math.floor(count));
  if ($cartCount.get() === next) return;
  $cartCount.set(next);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_COUNT_EVENT));
}
