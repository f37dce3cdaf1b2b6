import { describe, expect, it } from 'vitest';
import {
  classifyTotalsError,
  EMPTY_TOTALS,
  expectedTotal,
  type Totals,
  totalsCalculated,
  totalsReducer,
} from './totals-state';

const block = (final: number, delivery: number | null = 4.99) => ({
  cart_total: final,
  delivery_cost: delivery,
  discount_amount: 0,
  vat: 1,
  vat_rates: [{ rate: 20, vat: 1 }],
  final_amount: final,
  currency: 'EUR',
  currency_symbol: '€',
  cart: { items: 1, totalAmount: final },
});
const totals = (over: Partial<Totals> = {}): Totals => ({
  original: block(50),
  converted: block(54),
  vat_rate: 20,
  vat_scheme: 'home',
  is_delivery_unavailable: false,
  warning_message: null,
  ...over,
});

describe('classifyTotalsError (spec §4 Cart totals)', () => {
  it('delivery unavailable: 5xx, no answer, or the code says so', () => {
    expect(classifyTotalsError({ status: 500 })).toBe('delivery');
    expect(classifyTotalsError({ status: 503, code: 'service_unavailable' })).toBe('delivery');
    expect(classifyTotalsError({ status: 0, reason: 'timeout' })).toBe('delivery');
    expect(classifyTotalsError({ status: 422, code: 'delivery_unavailable' })).toBe('delivery');
  });

  it("address errors by their code (the server applies the spec's words: totals-error-code.ts)", () => {
    expect(classifyTotalsError({ status: 422, code: 'address_invalid' })).toBe('address');
  });

  it('a replaced calculation is aborted; anything else is other', () => {
    expect(classifyTotalsError({ status: 0, reason: 'aborted' })).toBe('aborted');
    expect(classifyTotalsError({ status: 422, code: 'validation_failed' })).toBe('other');
    expect(classifyTotalsError({ status: 429, code: 'rate_limited' })).toBe('other');
  });
});

describe('totalsReducer', () => {
  it('normal → calculating keeps the figures → ready', () => {
    const ready = totalsReducer(EMPTY_TOTALS, { type: 'success', totals: totals() });
    expect(ready.status).toBe('ready');
    expect(totalsCalculated(ready)).toBe(true);
    expect(expectedTotal(ready)).toBe(54);
    const again = totalsReducer(ready, { type: 'start' });
    expect(again.status).toBe('calculating');
    expect(again.totals).toBe(ready.totals);
    expect(totalsCalculated(again)).toBe(false);
  });

  it('server flag → delivery-unavailable with the totals', () => {
    const s = totalsReducer(EMPTY_TOTALS, { type: 'success', totals: totals({ is_delivery_unavailable: true }) });
    expect(s.status).toBe('delivery-unavailable');
    expect(s.totals).not.toBeNull();
    expect(totalsCalculated(s)).toBe(true);
  });

  it('failures: delivery → N/A without figures; address → button error; other → empty; aborted → unchanged', () => {
    const calculating = totalsReducer(EMPTY_TOTALS, { type: 'start' });
    expect(totalsReducer(calculating, { type: 'failure', kind: 'delivery', message: 'x' })).toEqual({
      status: 'delivery-unavailable',
      totals: null,
      addressError: null,
    });
    expect(
      totalsReducer(calculating, { type: 'failure', kind: 'address', message: 'Invalid postcode for Germany.' }),
    ).toEqual({
      status: 'address-error',
      totals: null,
      addressError: 'Invalid postcode for Germany.',
    });
    expect(totalsReducer(calculating, { type: 'failure', kind: 'other', message: 'x' })).toEqual(EMPTY_TOTALS);
    expect(totalsReducer(calculating, { type: 'failure', kind: 'aborted', message: 'x' })).toBe(calculating);
    expect(totalsReducer(calculating, { type: 'reset' })).toEqual(EMPTY_TOTALS);
    expect(expectedTotal(EMPTY_TOTALS)).toBeNull();
  });
});
