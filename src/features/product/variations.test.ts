import { describe, expect, it } from 'vitest';
import {
  addTarget,
  canAddToCart,
  choose,
  emptySelection,
  firstOptions,
  isOptionDisabled,
  matchVariation,
  optionGroups,
  type VariationLike,
} from './variations';

const colour = { id: 1, name: 'Colour' };
const size = { id: 2, name: 'Size' };
const a = (id: number, name: string, group: { id: number; name: string }) => ({ id, name, attribute_group: group });
const RED = a(10, 'Red', colour);
const BLUE = a(11, 'Blue', colour);
const S = a(20, 'S', size);
const M = a(21, 'M', size);
const L = a(22, 'L', size);

// Red/S, Red/M, Blue/M, Blue/L: Red/L and Blue/S do not exist.
const variations: VariationLike[] = [
  { id: 100, attributes: [RED, S] },
  { id: 101, attributes: [RED, M] },
  { id: 102, attributes: [BLUE, M] },
  { id: 103, attributes: [BLUE, L] },
];

describe('optionGroups', () => {
  it('lists groups and options in the order of the variations, each once', () => {
    expect(optionGroups(variations)).toEqual([
      {
        key: '1',
        name: 'Colour',
        options: [
          { id: 10, name: 'Red' },
          { id: 11, name: 'Blue' },
        ],
      },
      {
        key: '2',
        name: 'Size',
        options: [
          { id: 20, name: 'S' },
          { id: 21, name: 'M' },
          { id: 22, name: 'L' },
        ],
      },
    ]);
  });

  it('keys groups by name when the answer has no group id', () => {
    const groups = optionGroups([{ id: 1, attributes: [{ id: 5, name: 'XL', attribute_group: { name: 'Size' } }] }]);
    expect(groups).toEqual([{ key: 'Size', name: 'Size', options: [{ id: 5, name: 'XL' }] }]);
  });

  it('is empty without variations', () => {
    expect(optionGroups([])).toEqual([]);
  });
});

describe('disabled options', () => {
  const groups = optionGroups(variations);

  it('nothing is disabled while nothing is chosen', () => {
    const sel = emptySelection(groups);
    for (const g of groups)
      for (const o of g.options) expect(isOptionDisabled(variations, sel, g.key, o.id)).toBe(false);
  });

  it('disables the options no variation has with the other choices', () => {
    const red = choose(emptySelection(groups), '1', RED.id);
    expect(isOptionDisabled(variations, red, '2', S.id)).toBe(false);
    expect(isOptionDisabled(variations, red, '2', M.id)).toBe(false);
    expect(isOptionDisabled(variations, red, '2', L.id)).toBe(true);
    // The group's own choice does not restrict its own options.
    expect(isOptionDisabled(variations, red, '1', BLUE.id)).toBe(false);
    const small = choose(emptySelection(groups), '2', S.id);
    expect(isOptionDisabled(variations, small, '1', BLUE.id)).toBe(true);
  });

  it('the empty option clears a group, enabling the others again', () => {
    const sel = choose(choose(emptySelection(groups), '1', RED.id), '1', null);
    expect(isOptionDisabled(variations, sel, '2', L.id)).toBe(false);
  });
});

describe('Add to cart', () => {
  const groups = optionGroups(variations);

  it('is enabled without variations, or when every group has a choice', () => {
    expect(canAddToCart([], {})).toBe(true);
    expect(canAddToCart(variations, emptySelection(groups))).toBe(false);
    expect(canAddToCart(variations, { '1': RED.id, '2': null })).toBe(false);
    expect(canAddToCart(variations, { '1': RED.id, '2': M.id })).toBe(true);
  });

  it('matches the variation with every chosen option', () => {
    expect(matchVariation(variations, { '1': BLUE.id, '2': M.id })?.id).toBe(102);
    expect(matchVariation(variations, { '1': BLUE.id, '2': S.id })).toBeNull();
    expect(matchVariation(variations, { '1': BLUE.id, '2': null })).toBeNull();
  });

  it('adds the product itself, the variation, or nothing ("Please select a variation")', () => {
    expect(addTarget({ id: 7, variations: [] }, {})).toEqual({ ok: true, id: 7, isVariation: false });
    expect(addTarget({ id: 7, variations }, { '1': RED.id, '2': S.id })).toEqual({
      ok: true,
      id: 100,
      isVariation: true,
    });
    expect(addTarget({ id: 7, variations }, { '1': BLUE.id, '2': S.id })).toEqual({ ok: false });
  });

  it('the modal starts from the first option of each group', () => {
    expect(firstOptions(groups)).toEqual({ '1': RED.id, '2': S.id });
    expect(matchVariation(variations, firstOptions(groups))?.id).toBe(100);
  });
});
