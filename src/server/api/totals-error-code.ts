import type { ErrorCode } from '@/lib/contract/error-codes';

/**
 * The spec's rule for cart totals (accounts spec §4 "Cart totals"): an error whose text mentions
 * delivery being unavailable, or an address problem, is not a page-level error. The browser used
 * to test the texts, which broke as soon as a text was translated; the server applies the rule to
 * its English texts and the browser reads the code.
 */
const ADDRESS_TEXT =
  /incorrect zip ?code format|incorrect address|address validation failed|invalid zip ?code|invalid post ?code|has only|expected/i;
const DELIVERY_UNAVAILABLE_TEXT = /delivery[^.]*\b(unavailable|not available)/i;

/** A 422 of the totals route whose English text is an address or delivery problem gets that code. */
export function totalsErrorCode(code: ErrorCode, englishMessage: string): ErrorCode {
  if (code !== 'validation_failed') return code;
  if (DELIVERY_UNAVAILABLE_TEXT.test(englishMessage)) return 'delivery_unavailable';
  return ADDRESS_TEXT.test(englishMessage) ? 'address_invalid' : code;
}
