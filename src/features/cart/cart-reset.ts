import { setCartCount } from '../frame/cart-count';

/**
 * After an order is placed the server cart is already empty; this brings the browser's view in
 * line (header badge now; the cart page's store registers with it when it exists).
 */
const resetters = new Set<() => void>();

export function onCartReset(fn: () => void): () => void {
  resetters.add(fn);
  return () => resetters.delete(fn);
}

export function resetCartState(): void {
  setCartCount(0);
  for (const reset of resetters) reset();
}
