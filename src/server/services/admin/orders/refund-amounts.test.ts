import { describe, expect, it } from 'vitest';
import { englishText } from '@/server/services/localized';
import { convertedRefund, linesAmount, refundedUnits } from './refund-amounts';

describe('convertedRefund', () => {
  const totals = { finalCents: 1000, convertedFinalCents: 1085, refundedCents: 0, refundedConvertedCents: 0 };

  it('is proportional for a part and exactly what is left for the rest', () => {
    expect(convertedRefund(totals, 333)).toBe(361);
    expect(convertedRefund({ ...totals, refundedCents: 333, refundedConvertedCents: 361 }, 333)).toBe(361);
    expect(convertedRefund({ ...totals, refundedCents: 666, refundedConvertedCents: 722 }, 334)).toBe(363);
  });

  it('never gives more than is left in the order currency, even when rounding up took it already', () => {
    // 3 EUR cents charged as 4: a first cent rounds 1.33 up... and cents refunded through rounding run out.
    const tiny = { finalCents: 3, convertedFinalCents: 4 };
    expect(convertedRefund({ ...tiny, refundedCents: 0, refundedConvertedCents: 0 }, 1)).toBe(1);
    expect(convertedRefund({ ...tiny, refundedCents: 1, refundedConvertedCents: 4 }, 1)).toBe(0);
    expect(convertedRefund({ ...tiny, refundedCents: 2, refundedConvertedCents: 3 }, 1)).toBe(1);
  });
});

describe('linesAmount', () => {
  const lines = [
    { id: 1, name: 'Tent', priceCents: 15000, quantity: 2 },
    { id: 2, name: 'Pegs', priceCents: 2500, quantity: 3 },
  ];

  it('sums price × quantity of the chosen lines', () => {
    expect(
      linesAmount(lines, new Map(), [
        { order_item_id: 1, quantity: 1 },
        { order_item_id: 2, quantity: 3 },
      ]),
    ).toEqual({ amountCents: 22500, problems: [] });
  });

  it('refuses a line over what is left after earlier refunds, and a line of another order', () => {
    const refunded = refundedUnits([
      { lines: [{ order_item_id: 2, quantity: 2 }] },
      { lines: [{ order_item_id: 1, quantity: 2 }] },
    ]);
    expect(
      linesAmount(lines, refunded, [
        { order_item_id: 2, quantity: 2 },
        { order_item_id: 1, quantity: 1 },
        { order_item_id: 9, quantity: 1 },
      ]).problems.map(englishText),
    ).toEqual([
      '“Pegs”: at most 1 left to refund.',
      '“Tent” is already refunded in full.',
      'Line 9 is not a line of this order.',
    ]);
  });
});
