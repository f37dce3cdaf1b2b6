import { atom } from 'nanostores';

/**
 * Items in the cart for the header badge. The server renders the count (prop of the layout);
 * the cart issue updates this store after add/remove so the badge follows without a reload.
 */
export const $cartCount = atom<number | null>(null);

export function setCartCount(count: number): void {
  $cartCount.set(Math.max(0, Math.floor(count)));
}
