import '@/stores/bootstrap';
import { atom } from 'nanostores';
import { ApiError, handledByClient } from '@/lib/api-client';
import { signInUrl } from '@/lib/redirect';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { $auth, onSignedOut } from '../account/auth-store';
import { setCartCount } from '../frame/cart-count';
import { $currencyCode } from '../i18n/locale';
import {
  addOutcome,
  type CartContents,
  type CartLine,
  cartItemCount,
  contentsFromReply,
  QUANTITY_DEBOUNCE_MS,
  quantityOutcome,
  withoutLine,
} from './cart-lines';
import { onCartReset } from './cart-reset';
import { createKeyedDebouncer } from './debounce';
import { pageHref } from '@/lib/language-path';

/**
 * The signed-in customer's cart in the browser (accounts spec §3 "Cart item", §4 "Cart add",
 * "Quantity changes", "Currency change", §6). The server cart is the truth (ADR 010): every
 * change answers the fresh cart and the store adopts it. The header badge ($cartCount) follows
 * every change. Cleared on sign-out and after an order (cart reset); refetched when the
 * currency changes. Texts are the caller's (islands get them translated from the page); the
 * English ones of the spec are the defaults.
 */

export interface CartState {
  lines: CartLine[];
  unavailableItems: CartLine[];
  loading: boolean;
  error: string | null;
  /** A cart has been loaded (or rendered by the server) at least once. */
  loaded: boolean;
}

export const EMPTY_CART: CartState = Object.freeze({
  lines: [],
  unavailableItems: [],
  loading: false,
  error: null,
  loaded: false,
}) as CartState;

export const $cart = atom<CartState>(EMPTY_CART);
/** Quantities shown but not yet confirmed by the server, by line id (debounce, §4). */
export const $quantityDrafts = atom<Record<number, number>>({});

export interface CartResult {
  ok: boolean;
  /** Server message or fallback; '' on success without one. */
  message: string;
  kind?: 'warning' | 'error' | 'handled' | 'cancelled';
}

export interface CartTexts {
  fetchFailed: string;
  addFailed: string;
  added: string;
  signInToAdd: string;
  quantityFailed: string;
  removeFailed: string;
  removed: string;
  clearFailed: string;
}

export const DEFAULT_CART_TEXTS: CartTexts = {
  fetchFailed: 'Failed to fetch cart content',
  addFailed: 'Failed to add item to cart',
  added: 'Item added to cart!',
  signInToAdd: 'Please sign in to add item to cart',
  quantityFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item from cart',
  removed: 'Item removed from cart',
  clearFailed: 'Failed to clear cart',
};

let texts: CartTexts = DEFAULT_CART_TEXTS;

/** Islands pass the page's translated texts once. */
export function setCartTexts(next: Partial<CartTexts>): void {
  texts = { ...texts, ...next };
}

function patch(next: Partial<CartState>): void {
  $cart.set({ ...$cart.get(), ...next });
}

/** Adopts a cart (a reply, or what the page rendered) and moves the header badge with it. */
export function setContents(contents: CartContents): void {
  patch({ lines: contents.payload, unavailableItems: contents.unavailableItems, loaded: true, error: null });
  setCartCount(cartItemCount(contents.payload));
}

/** The server-rendered first cart (no request). */
export function hydrateCart(contents: CartContents | null): void {
  if (contents) setContents(contents);
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

let loadSeq = 0;

/** GET /api/cart/contents. Guests have no cart: an empty one, no request. */
export async function loadCart(): Promise<CartResult> {
  if (!$auth.get().isAuthenticated) {
    resetCart();
    return { ok: true, message: '' };
  }
  const seq = ++loadSeq;
  patch({ loading: true, error: null });
  try {
    const reply = await api.get('/cart/contents', { fallbackMessage: texts.fetchFailed });
    if (seq !== loadSeq) return { ok: true, message: '' };
    setContents(contentsFromReply(reply));
    patch({ loading: false });
    return { ok: true, message: '' };
  } catch (error) {
    if (seq !== loadSeq) return { ok: false, message: '', kind: 'cancelled' };
    const message = messageOf(error, texts.fetchFailed);
    patch({ loading: false, error: handledByClient(error) ? null : message });
    return { ok: false, message, kind: handledByClient(error) ? 'handled' : 'error' };
  }
}

function here(): string {
  return typeof location === 'undefined' ? '/' : location.pathname + location.search;
}

/**
 * POST /api/cart/add (spec §4 "Cart add"): OK adopts the new cart; WARNING is a failure with
 * the server's message; a guest is told to sign in and sent to sign-in with the way back (§6).
 */
export async function addToCart(id: number, isVariation: boolean, count = 1): Promise<CartResult> {
  try {
    const reply = await api.post(
      '/cart/add',
      { id, count, is_variation: isVariation },
      { fallbackMessage: texts.addFailed, skipAuthHandling: !$auth.get().isAuthenticated },
    );
    const outcome = addOutcome(reply, texts.addFailed);
    if (!outcome.ok) return { ok: false, message: outcome.message, kind: outcome.kind };
    setContents(contentsFromReply(reply));
    return { ok: true, message: reply.message || texts.added };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 401 &&
      (!$auth.get().isAuthenticated || error.code === 'unauthenticated')
    ) {
      showToast(texts.signInToAdd, 'error');
      if (typeof location !== 'undefined') location.assign(pageHref(signInUrl(here())));
      return { ok: false, message: texts.signInToAdd, kind: 'handled' };
    }
    return {
      ok: false,
      message: messageOf(error, texts.addFailed),
      kind: handledByClient(error) ? 'handled' : 'error',
    };
  }
}

type QuantityJob = { line: Pick<CartLine, 'id' | 'item_id' | 'is_variation'>; count: number };

/** Incremented per change of a line: an older answer must not drop a newer shown count. */
const draftSeq = new Map<number, number>();

function dropDraft(lineId: number, seq: number): void {
  if (draftSeq.get(lineId) !== seq) return;
  const next = { ...$quantityDrafts.get() };
  delete next[lineId];
  $quantityDrafts.set(next);
}

async function sendQuantity(lineId: number, job: QuantityJob): Promise<CartResult> {
  const seq = draftSeq.get(lineId) ?? 0;
  try {
    const reply = await api.post(
      '/cart/update',
      { id: job.line.item_id, count: job.count, is_variation: job.line.is_variation },
      { fallbackMessage: texts.quantityFailed },
    );
    const outcome = quantityOutcome(reply, texts.quantityFailed);
    if (outcome.kind === 'ok') setContents(outcome.contents);
    else if (outcome.kind === 'warning' && outcome.contents) setContents(outcome.contents);
    dropDraft(lineId, seq);
    if (outcome.kind === 'ok') return { ok: true, message: '' };
    showToast(outcome.message, outcome.kind === 'warning' ? 'warning' : 'error');
    return { ok: false, message: outcome.message, kind: outcome.kind };
  } catch (error) {
    // Revert to the server's count (spec §4).
    dropDraft(lineId, seq);
    const handled = handledByClient(error);
    const message = messageOf(error, texts.quantityFailed);
    if (!handled) showToast(message, 'error');
    return { ok: false, message, kind: handled ? 'handled' : 'error' };
  }
}

const quantityDebouncer = createKeyedDebouncer<number, QuantityJob, CartResult>(QUANTITY_DEBOUNCE_MS, sendQuantity, {
  ok: false,
  message: '',
  kind: 'cancelled',
});

/**
 * Shows `count` at once and sends it 500 ms after the last change of the line (POST
 * /api/cart/update). On failure or WARNING the line shows the server's count again and a
 * toast says why (error / warning).
 */
export function updateQuantity(
  line: Pick<CartLine, 'id' | 'item_id' | 'is_variation' | 'count'>,
  count: number,
): Promise<CartResult> {
  draftSeq.set(line.id, (draftSeq.get(line.id) ?? 0) + 1);
  const drafts = $quantityDrafts.get();
  if (count === line.count && !quantityDebouncer.pending(line.id)) {
    // Back to the server value before anything was sent: nothing to do.
    const next = { ...drafts };
    delete next[line.id];
    $quantityDrafts.set(next);
    return Promise.resolve({ ok: true, message: '' });
  }
  $quantityDrafts.set({ ...drafts, [line.id]: count });
  return quantityDebouncer.call(line.id, { line, count });
}

/** POST /api/cart/remove; the line disappears at once and comes back if the call fails. */
export async function removeItem(line: Pick<CartLine, 'id' | 'item_id' | 'is_variation'>): Promise<CartResult> {
  quantityDebouncer.cancel(line.id);
  const before = $cart.get();
  setContents(withoutLine({ payload: before.lines, unavailableItems: before.unavailableItems }, line.id));
  try {
    const reply = await api.post(
      '/cart/remove',
      { id: line.item_id, is_variation: line.is_variation },
      { fallbackMessage: texts.removeFailed },
    );
    setContents(contentsFromReply(reply));
    return { ok: true, message: texts.removed };
  } catch (error) {
    setContents({ payload: before.lines, unavailableItems: before.unavailableItems });
    return {
      ok: false,
      message: messageOf(error, texts.removeFailed),
      kind: handledByClient(error) ? 'handled' : 'error',
    };
  }
}

/** POST /api/cart/clear. */
export async function clearCart(): Promise<CartResult> {
  quantityDebouncer.cancel();
  try {
    const reply = await api.post('/cart/clear', {}, { fallbackMessage: texts.clearFailed });
    setContents(contentsFromReply(reply));
    return { ok: true, message: '' };
  } catch (error) {
    return {
      ok: false,
      message: messageOf(error, texts.clearFailed),
      kind: handledByClient(error) ? 'handled' : 'error',
    };
  }
}

/** The local state only: an empty cart and badge (sign-out, order placed). */
export function resetCart(): void {
  quantityDebouncer.cancel();
  $quantityDrafts.set({});
  $cart.set({ ...EMPTY_CART, loaded: true });
  setCartCount(0);
}

onSignedOut(resetCart);
onCartReset(resetCart);

// Prices are in the chosen currency: a change refetches (spec §4 "Currency change").
let lastCurrency = $currencyCode.get();
$currencyCode.listen((code) => {
  if (code === lastCurrency) return;
  lastCurrency = code;
  if ($cart.get().loaded && $auth.get().isAuthenticated) void loadCart();
});
