/**
 * The cart as the browser holds it (accounts spec §3 "Cart item", §4 "Quantity changes", §5
 * "Cart quantity") and the pure decisions the cart store and page take with it. No I/O.
 */
import type { CartBody, CartLine } from '@/lib/contract/cart';
import { fromCents, toCents } from './price-format';

import { MAX_QUANTITY, MAX_TYPED_QUANTITY, MIN_QUANTITY } from '@/lib/rules/quantity';

/** Quantity changes are sent 500 ms after the last step or keystroke (spec §9). */
export const QUANTITY_DEBOUNCE_MS = 500;

/** A line and the cart answers are the API contract's (src/lib/contract/cart.ts). */
export type { CartLine };

/** Every cart call answers this (ADR 010: changes answer the fresh cart). */
export type CartReply = CartBody;

/** A cart answer as the outcome rules read it: any status, parts possibly missing. */
export type CartReplyLike = Partial<Omit<CartBody, 'status'>> & { status?: string };

/** The cart as the server gives it, to the page (first render) and in every reply. */
export type CartContents = Pick<CartBody, 'payload' | 'unavailableItems'>;

export function contentsFromReply(reply: CartReplyLike | null | undefined): CartContents {
  return {
    payload: Array.isArray(reply?.payload) ? reply.payload : [],
    unavailableItems: Array.isArray(reply?.unavailableItems) ? reply.unavailableItems : [],
  };
}

/** Header badge: units of the lines that can be bought. */
export function cartItemCount(lines: readonly Pick<CartLine, 'count'>[]): number {
  return lines.reduce((sum, line) => sum + (Number.isFinite(line.count) ? Math.max(0, line.count) : 0), 0);
}

/** Unit price × count, in cents of the request currency (the server sums lines the same way). */
export function linePriceCents(
  line: Pick<CartLine, 'count'> & { item: Pick<CartLine['item'], 'price'> },
  count = line.count,
): number {
  return toCents(line.item.price) * count;
}

export function linePrice(
  line: Pick<CartLine, 'count'> & { item: Pick<CartLine['item'], 'price'> },
  count = line.count,
): number {
  return fromCents(linePriceCents(line, count));
}

/** "Shoes / Running" style category text of a line: its first category with the parent. */
export function lineCategory(line: Pick<CartLine, 'item'>): string {
  const first = line.item.categories[0];
  if (!first) return '';
  return first.parent ? `${first.parent.name} / ${first.name}` : first.name;
}

/** "Red, 42": the names of the chosen variation's attributes. */
export function lineAttributes(line: Pick<CartLine, 'item'>): string {
  return line.item.variation_attributes.map((a) => a.name).join(', ');
}

/** As many digits as the largest typed quantity has; the server explains a count above the limit. */
const MAX_DIGITS = String(MAX_TYPED_QUANTITY).length;

/** What the quantity input holds while typing: digits only, or '' (a cleared field). */
export function sanitizeQuantityText(text: string): string {
  return text.replace(/\D+/g, '').slice(0, MAX_DIGITS);
}

/**
 * A typed quantity → the count to send, or null to wait (empty while typing). Below the minimum
 * waits too until blur (spec §5: "blur with a value below 1 resets to 1").
 */
export function typedQuantity(text: string): number | null {
  const digits = sanitizeQuantityText(text);
  if (digits === '') return null;
  const value = Number(digits);
  if (value < MIN_QUANTITY) return null;
  // Not cut to the limit: the server's WARNING says why 500 cannot be (issue 29).
  return value;
}

/** On blur: anything below 1 (or empty) becomes 1; a typed number stays what was sent. */
export function quantityOnBlur(text: string): number {
  const digits = sanitizeQuantityText(text);
  const value = digits === '' ? 0 : Number(digits);
  return Math.max(MIN_QUANTITY, value);
}

export function canDecrease(count: number): boolean {
  return count > MIN_QUANTITY;
}

export function canIncrease(count: number): boolean {
  return count < MAX_QUANTITY;
}

export function stepQuantity(count: number, step: 1 | -1): number {
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, count + step));
}

/** The count a line shows: the pending (not yet confirmed) one, else the server's. */
export function shownCount(line: Pick<CartLine, 'id' | 'count'>, drafts: Readonly<Record<number, number>>): number {
  return drafts[line.id] ?? line.count;
}

/**
 * What a quantity answer means for the shown count (spec §4): OK adopts the server cart;
 * WARNING (more than the stock; the server changed nothing) and every failure revert to the
 * server's count, WARNING shown as a warning and a failure as an error.
 */
export type QuantityOutcome =
  | { kind: 'ok'; contents: CartContents }
  | { kind: 'warning'; message: string; contents: CartContents | null }
  | { kind: 'error'; message: string };

export function quantityOutcome(reply: CartReplyLike | null, fallback: string): QuantityOutcome {
  const message = typeof reply?.message === 'string' && reply.message.trim() !== '' ? reply.message : fallback;
  if (reply?.status === 'OK') return { kind: 'ok', contents: contentsFromReply(reply) };
  if (reply?.status === 'WARNING')
    return { kind: 'warning', message, contents: reply.payload ? contentsFromReply(reply) : null };
  return { kind: 'error', message };
}

/** Add to cart (spec §4 "Cart add"): OK reloads, WARNING is a failure with its message, else an error. */
export type AddOutcome = { ok: true } | { ok: false; kind: 'warning' | 'error'; message: string };

export function addOutcome(reply: CartReplyLike | null, fallback: string): AddOutcome {
  if (reply?.status === 'OK') return { ok: true };
  const message = typeof reply?.message === 'string' && reply.message.trim() !== '' ? reply.message : fallback;
  return { ok: false, kind: reply?.status === 'WARNING' ? 'warning' : 'error', message };
}

/** Removes a line by id from both lists (the optimistic part of remove, undone on failure). */
export function withoutLine(contents: CartContents, lineId: number): CartContents {
  return {
    payload: contents.payload.filter((l) => l.id !== lineId),
    unavailableItems: contents.unavailableItems.filter((l) => l.id !== lineId),
  };
}
