/**
 * Add to cart from the product page and the variation modal: the cart store does the call, the
 * guest redirect and the badge (src/features/cart/cart-store.ts); this shows the outcome as a
 * toast (success "Item added to cart!", WARNING as a warning, failures as errors). Browser only.
 */
import { addToCart, type CartResult, setCartTexts } from '../cart/cart-store';
import { showToast } from '@/stores/toasts';

export interface AddTexts {
  added: string;
  addFailed: string;
  signInToAdd: string;
}

export async function addAndToast(id: number, isVariation: boolean, texts: AddTexts): Promise<CartResult> {
  setCartTexts(texts);
  // Quantity is always 1 (storefront §4).
  const result = await addToCart(id, isVariation, 1);
  if (result.ok) showToast(result.message || texts.added, 'success');
  else if (result.kind !== 'handled' && result.kind !== 'cancelled') {
    showToast(result.message || texts.addFailed, result.kind === 'warning' ? 'warning' : 'error');
  }
  return result;
}
