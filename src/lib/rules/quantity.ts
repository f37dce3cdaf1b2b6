/**
 * Quantity of one cart line (accounts spec §5 "Cart quantity": minimum 1; the cap of 99 is the
 * shop's, ADR 010). The cart page's input and steppers clamp to these bounds and the server's
 * zod schema and the add-to-cart sum refuse anything outside them: one pair of numbers for both.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
/**
 * What a typed quantity may be (issue 29): above MAX_QUANTITY the cart page sends it anyway and
 * the server answers WARNING with the limit, rather than the input cutting "500" to "50".
 */
export const MAX_TYPED_QUANTITY = 9999;

export function isLineQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY;
}
