import { describe, expect, it } from 'vitest';
import { startingCountry, startingCountryId } from './home-country';

const countries = [
  { id: 1, iso: 'AT', name: 'Austria' },
  { id: 7, iso: 'DE', name: 'Germany' },
];

describe('the starting country of phone and address fields', () => {
  it('is the home country when the list offers it', () => {
    expect(startingCountry(countries, { id: 7, iso: 'DE' })?.iso).toBe('DE');
    expect(startingCountryId(countries, { id: 7, iso: 'DE' })).toBe('7');
  });

  it('is none without a home country, or when the list does not offer it', () => {
    expect(startingCountry(countries, null)).toBeNull();
    expect(startingCountryId(countries, { id: 9, iso: 'FR' })).toBe('');
    expect(startingCountryId(null, { id: 7, iso: 'DE' })).toBe('');
  });
});
