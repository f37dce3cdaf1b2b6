/**
 * Price filter input rules (storefront §5): only digits and one decimal point; an empty or
 * invalid minimum becomes 0, an empty maximum means no limit; applied 500 ms after the last
 * keystroke and at once on blur. Pure: shared by the enhancing script and the server.
 */

export const PRICE_DEBOUNCE_MS = 500;

/** Keeps digits and the first decimal point: "1a2.3.4" → "12.34". */
export function sanitizePriceInput(value: string): string {
  let seenPoint = false;
  let out = '';
  for (const ch of value) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === ',') && !seenPoint) {
      seenPoint = true;
      out += '.';
    }
  }
  return out;
}

const AMOUNT = /^\d{1,9}(\.\d*)?$|^\.\d+$/;

/** A usable amount as the URL carries it ("12.5", ".5" → "0.5"), or null. */
function amountOf(value: string): string | null {
  const clean = sanitizePriceInput(value);
  if (!AMOUNT.test(clean)) return null;
  const normal = clean.startsWith('.') ? `0${clean}` : clean.endsWith('.') ? clean.slice(0, -1) : clean;
  return normal;
}

export interface PriceBounds {
  /** "0" when empty or invalid. */
  min: string;
  /** null = no upper limit. */
  max: string | null;
}

export function priceBounds(minText: string, maxText: string): PriceBounds {
  return { min: amountOf(minText) ?? '0', max: amountOf(maxText) };
}

/** The query values of the bounds: a 0 minimum is the default and left out. */
export function priceQuery(bounds: PriceBounds): { price_min: string | null; price_max: string | null } {
  return { price_min: Number(bounds.min) > 0 ? bounds.min : null, price_max: bounds.max };
}
