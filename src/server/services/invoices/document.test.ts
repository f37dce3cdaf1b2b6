import { describe, expect, it } from 'vitest';
import { invoiceFigures } from './document';

const item = (name: string, priceCents: number, quantity: number, vatPercent: number) => ({
  name,
  sku: name.toUpperCase(),
  priceCents,
  quantity,
  vatPercent,
});

describe('invoiceFigures', () => {
  it('lines carry their own VAT; per rate the recorded VAT after the discount; nets and VAT add up to the total', () => {
    // 2 × 33.33 at 19 %, 19.99 at 7 %, delivery 4.99 at 19 %, 10.00 off: final 81.64.
    const f = invoiceFigures({
      currencyRate: '1',
      currency: 'EUR',
      items: [item('Jacket', 3333, 2, 19), item('Book', 1999, 1, 7)],
      deliveryCents: 499,
      deliveryVatPercent: 19,
      discountCents: 1000,
      totalCents: 8164,
      vatByRate: [
        { percent: 19, cents: 1010 },
        { percent: 7, cents: 115 },
      ],
    });
    expect(f.lines.map((l) => [l.grossCents, l.netCents, l.vatCents])).toEqual([
      [6666, 5602, 1064],
      [1999, 1868, 131],
    ]);
    expect(f.delivery).toMatchObject({ grossCents: 499, vatCents: 80, netCents: 419 });
    // The discount shared 71.65 : 19.99 → 7.82 and 2.18; 63.83 − 10.10 and 17.81 − 1.15.
    expect(f.rates).toEqual([
      { percent: 19, netCents: 5373, vatCents: 1010 },
      { percent: 7, netCents: 1666, vatCents: 115 },
    ]);
    expect(f.netCents + f.vatCents).toBe(8164);
    expect(f).toMatchObject({ discountCents: 1000, roundingCents: 0, totalCents: 8164 });
  });

  it('in another currency: converted amounts, and a cent of conversion rounding shown as such', () => {
    const f = invoiceFigures({
      currencyRate: '1.085',
      currency: 'USD',
      items: [item('Peg', 333, 3, 19)],
      deliveryCents: null,
      deliveryVatPercent: 19,
      discountCents: 0,
      totalCents: 1084,
      vatByRate: [{ percent: 19, cents: 173 }],
    });
    // A line is its converted unit price times the quantity, as the cart charged it (ADR 034).
    expect(f.lines[0]).toMatchObject({ unitCents: 361, grossCents: 1083 });
    expect(f.delivery).toBeNull();
    expect(f.roundingCents).toBe(1);
    // Net + VAT is what the rates are due on; the rounding row makes up the amount paid.
    expect(f.netCents + f.vatCents + f.roundingCents).toBe(1084);
  });

  it('in yen with stored charged amounts: fixed prices and the rounding rule, not a fresh conversion', () => {
    const f = invoiceFigures({
      currencyRate: '162.5',
      currency: 'JPY',
      items: [{ ...item('Peg', 333, 3, 19), convertedPriceCents: 500 }],
      deliveryCents: 490,
      convertedDeliveryCents: 800,
      deliveryVatPercent: 19,
      discountCents: 100,
      convertedDiscountCents: 200,
      totalCents: 2100,
      vatByRate: [{ percent: 19, cents: 335 }],
    });
    expect(f.lines[0]).toMatchObject({ unitCents: 500, grossCents: 1500 });
    expect(f.delivery).toMatchObject({ unitCents: 800, grossCents: 800 });
    expect(f.discountCents).toBe(200);
    expect(f.roundingCents).toBe(0);
    expect(f.netCents + f.vatCents).toBe(2100);
  });
});
