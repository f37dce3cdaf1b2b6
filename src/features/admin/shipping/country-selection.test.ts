import { describe, expect, it } from 'vitest';
import { type CountryRow, matchesSearch, pickedIds, searchText } from './country-selection';

const ROWS: CountryRow[] = [
  { id: 1, name: 'Austria', iso: 'AT', zoneId: 10 },
  { id: 2, name: 'Österreich-Test', iso: 'XO', zoneId: null },
  { id: 3, name: 'Spain', iso: 'ES', zoneId: 10 },
  { id: 4, name: 'Switzerland', iso: 'CH', zoneId: 20 },
  { id: 5, name: 'United Kingdom', iso: 'GB', zoneId: 30 },
];

describe('country search', () => {
  it('finds by a part of the name, in any case and without accents, or by the whole ISO code', () => {
    expect(searchText(' Österreich ')).toBe('osterreich');
    expect(ROWS.filter((r) => matchesSearch(r, 'spa')).map((r) => r.id)).toEqual([3]);
    expect(ROWS.filter((r) => matchesSearch(r, 'OSTER')).map((r) => r.id)).toEqual([2]);
    expect(ROWS.filter((r) => matchesSearch(r, 'gb')).map((r) => r.id)).toEqual([5]);
    // An ISO code counts whole; "e" alone is a part of names only.
    expect(ROWS.filter((r) => matchesSearch(r, 'e')).map((r) => r.id)).toEqual([2, 4, 5]);
    expect(ROWS.filter((r) => matchesSearch(r, '  ')).length).toBe(5);
  });
});

describe('selecting many', () => {
  it('by zone (none included), by region, and the ones shown', () => {
    expect(pickedIds(ROWS, { by: 'zone', zoneId: 10 })).toEqual([1, 3]);
    expect(pickedIds(ROWS, { by: 'zone', zoneId: null })).toEqual([2]);
    expect(pickedIds(ROWS, { by: 'region', region: 'EU' })).toEqual([1, 3]);
    expect(pickedIds(ROWS, { by: 'shown', query: 'land' })).toEqual([4]);
    expect(pickedIds(ROWS, { by: 'shown', query: '' })).toEqual([1, 2, 3, 4, 5]);
  });
});
