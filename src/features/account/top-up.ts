/**
 * The balance top-up's rules (ADR 012): an amount in the shown currency, at least the shop's
 * minimum, whole cents. Pure, so the form and its tests share it.
 */
export type TopUpProblem = 'empty' | 'format' | 'below-minimum';

const AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;

export function parseTopUpAmount(text: string, minimum: number): { amount: number } | { problem: TopUpProblem } {
  const value = text.trim();
  if (value === '') return { problem: 'empty' };
  if (!AMOUNT.test(value)) return { problem: 'format' };
  const amount = Number(value.replace(',', '.'));
  if (Math.round(amount * 100) < Math.round(minimum * 100)) return { problem: 'below-minimum' };
  return { amount };
}
