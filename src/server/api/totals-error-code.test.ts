import { describe, expect, it } from 'vitest';
import { totalsErrorCode } from './totals-error-code';

describe('totalsErrorCode (accounts spec §4 Cart totals)', () => {
  it('delivery unavailable when the text says so', () => {
    expect(totalsErrorCode('validation_failed', 'Delivery is not available to this country')).toBe(
      'delivery_unavailable',
    );
    expect(totalsErrorCode('validation_failed', 'Delivery unavailable')).toBe('delivery_unavailable');
  });

  it('address errors by their words', () => {
    for (const message of [
      'Invalid postcode for Germany.',
      'Incorrect zip code format',
      'incorrect address',
      'Address validation failed',
      'Invalid zipcode',
      'Warehouse has only 2',
      'Postcode expected like 12345',
    ]) {
      expect(totalsErrorCode('validation_failed', message), message).toBe('address_invalid');
    }
  });

  it('anything else keeps its code', () => {
    expect(totalsErrorCode('validation_failed', 'Promo code not found.')).toBe('validation_failed');
    expect(totalsErrorCode('validation_failed', 'Your cart is empty.')).toBe('validation_failed');
    expect(totalsErrorCode('rate_limited', 'Invalid postcode, expected 5 digits')).toBe('rate_limited');
  });
});
