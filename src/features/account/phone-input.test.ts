import { describe, expect, it } from 'vitest';
import {
  DROPDOWN_MIN_SPACE_BELOW_PX,
  dropdownPlacement,
  foldText,
  isTypeaheadKey,
  navigateIndex,
  PHONE_ERROR_DEBOUNCE_MS,
  TYPEAHEAD_RESET_MS,
  typeaheadIndex,
} from './phone-input';

const COUNTRIES = [
  { name: 'Austria', iso: 'AT' },
  { name: 'Belgium', iso: 'BE' },
  { name: 'France', iso: 'FR' },
  { name: 'Germany', iso: 'DE' },
  { name: 'Spain', iso: 'ES' },
  { name: 'Sweden', iso: 'SE' },
  { name: 'Switzerland', iso: 'CH' },
  { name: 'Åland Islands', iso: 'AX' },
];

describe('constants (§9)', () => {
  it('match the spec', () => {
    expect(DROPDOWN_MIN_SPACE_BELOW_PX).toBe(200);
    expect(TYPEAHEAD_RESET_MS).toBe(700);
    expect(PHONE_ERROR_DEBOUNCE_MS).toBe(500);
  });
});

describe('dropdownPlacement', () => {
  it('opens below only when more than 200 px remain', () => {
    expect(dropdownPlacement(201)).toBe('below');
    expect(dropdownPlacement(200)).toBe('above');
    expect(dropdownPlacement(0)).toBe('above');
    expect(dropdownPlacement(-50)).toBe('above');
  });
});

describe('navigateIndex', () => {
  it('moves with arrows and stops at the ends', () => {
    expect(navigateIndex('ArrowDown', 0, 5)).toBe(1);
    expect(navigateIndex('ArrowDown', 4, 5)).toBe(4);
    expect(navigateIndex('ArrowUp', 0, 5)).toBe(0);
    expect(navigateIndex('ArrowUp', 3, 5)).toBe(2);
    expect(navigateIndex('ArrowDown', -1, 5)).toBe(0);
    expect(navigateIndex('ArrowUp', -1, 5)).toBe(4);
  });
  it('jumps with Home, End and pages', () => {
    expect(navigateIndex('Home', 3, 30)).toBe(0);
    expect(navigateIndex('End', 3, 30)).toBe(29);
    expect(navigateIndex('PageDown', 3, 30)).toBe(13);
    expect(navigateIndex('PageDown', 25, 30)).toBe(29);
    expect(navigateIndex('PageUp', 5, 30)).toBe(0);
  });
  it('ignores other keys and empty lists', () => {
    expect(navigateIndex('a', 1, 5)).toBeNull();
    expect(navigateIndex('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('typeahead', () => {
  it('finds by the start of the name, without case or accents', () => {
    expect(typeaheadIndex(COUNTRIES, 'g', -1)).toBe(3);
    expect(typeaheadIndex(COUNTRIES, 'FR', 0)).toBe(2);
    expect(foldText('Åland')).toBe('aland');
  });
  it('narrows as more letters are typed', () => {
    expect(typeaheadIndex(COUNTRIES, 's', -1)).toBe(4);
    expect(typeaheadIndex(COUNTRIES, 'sw', 4)).toBe(5);
    expect(typeaheadIndex(COUNTRIES, 'swi', 5)).toBe(6);
  });
  it('cycles through names with the same first letter when one letter repeats', () => {
    expect(typeaheadIndex(COUNTRIES, 's', 4)).toBe(5);
    expect(typeaheadIndex(COUNTRIES, 'ss', 5)).toBe(6);
    expect(typeaheadIndex(COUNTRIES, 'sss', 6)).toBe(4);
    expect(typeaheadIndex(COUNTRIES, 'a', 0)).toBe(7);
  });
  it('falls back to the ISO code, and -1 for no match', () => {
    expect(typeaheadIndex(COUNTRIES, 'ch', -1)).toBe(6);
    expect(typeaheadIndex(COUNTRIES, 'zz', -1)).toBe(-1);
    expect(typeaheadIndex([], 'a', -1)).toBe(-1);
  });
  it('listens to single printable characters only', () => {
    expect(isTypeaheadKey({ key: 'a' })).toBe(true);
    expect(isTypeaheadKey({ key: ' ' })).toBe(false);
    expect(isTypeaheadKey({ key: 'ArrowDown' })).toBe(false);
    expect(isTypeaheadKey({ key: 'a', ctrlKey: true })).toBe(false);
  });
});
