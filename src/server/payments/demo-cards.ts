/**
 * The demo card gateway's test cards (docs/configuration.md "Payments and test cards") and its checks of what a shopper
 * types. Pure, so the hosted page and the unit tests share it.
 */

export const TEST_CARDS = {
  /** Paid at once. */
  success: '4242424242424242',
  /** Declined by the "bank". */
  declined: '4000000000000002',
  /** Asks for a 3-D Secure confirmation step first. */
  threeDSecure: '4000000000003220',
} as const;

export type CardOutcome = 'succeeded' | 'declined' | 'requires_action';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export type CardField = keyof CardInput;
export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvc' | 'holder';

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY), valid through the end of that month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function checkCard(input: CardInput, now: Date = new Date()): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  if (!luhnValid(digitsOnly(input.number))) problems.number = 'number';
  const expiry = parseExpiry(input.expiry);
  if (!expiry) problems.expiry = 'expiry';
  else if (
    expiry.year < now.getUTCFullYear() ||
    (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1)
  ) {
    problems.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) problems.cvc = 'cvc';
  const holder = input.holder.trim();
  if (holder.length < 2 || holder.length > 96) problems.holder = 'holder';
  return problems;
}

/**
 * What the "bank" says to a well-formed card: the documented test cards behave as named; any
 * other valid number is declined, as a sandbox would (only test cards are accepted).
 */
export function cardOutcome(number: string): CardOutcome {
  const digits = digitsOnly(number);
  if (digits === TEST_CARDS.success) return 'succeeded';
  if (digits === TEST_CARDS.threeDSecure) return 'requires_action';
  return 'declined';
}

/** For the page: the last four digits only, never the whole number. */
export function maskedCard(number: string): string {
  const digits = digitsOnly(number);
  return `•••• ${digits.slice(-4)}`;
}
