import { describe, expect, it } from 'vitest';
import { combinationCount, combinationKey, combinations, variationSku } from './variations';

describe('variation combinations', () => {
  it('makes one combination per value of each axis, in order', () => {
    const axes = [
      { group: 'Size', values: ['S', 'M'] },
      { group: 'Colour', values: ['Red', 'Blue', 'Green'] },
    ];
    expect(combinations(axes)).toEqual([
      ['S', 'Red'],
      ['S', 'Blue'],
      ['S', 'Green'],
      ['M', 'Red'],
      ['M', 'Blue'],
      ['M', 'Green'],
    ]);
    expect(combinationCount(axes)).toBe(6);
    expect(combinations([])).toEqual([[]]);
  });

  it('keys a combination independently of group order and case', () => {
    expect(
      combinationKey([
        { group: 'Size', value: 'M' },
        { group: 'Colour', value: 'Red' },
      ]),
    ).toBe(
      combinationKey([
        { group: 'colour', value: 'red ' },
        { group: 'size', value: 'm' },
      ]),
    );
  });

  it('suggests SKUs that pass the SKU rule', () => {
    expect(variationSku('TENT-2P', ['S', 'Dark red'])).toBe('TENT-2P-S-DARKRED');
    expect(variationSku('X', ['Größe 42'])).toBe('X-GROE42');
    expect(variationSku('A'.repeat(64), ['S'])).toBe('A'.repeat(64));
  });
});
