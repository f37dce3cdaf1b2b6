import { describe, expect, it } from 'vitest';
import { type FieldValue, collectBody } from './admin-forms';

const field = (name: string, value: string, extra: Partial<FieldValue> = {}): FieldValue => ({
  name,
  value,
  checked: false,
  ...extra,
});

describe('admin form bodies', () => {
  it('collects rows in their order, nested names, lists and ids', () => {
    const body = collectBody([
      field('version', '3', { kind: 'number' }),
      field('group', 'Size', { row: 'axes:0' }),
      field('values', 'S, M ,L,', { row: 'axes:0', kind: 'list' }),
      field('group', '', { row: 'axes:1' }),
      field('values', '', { row: 'axes:1', kind: 'list' }),
      field('alt.en', 'Red tent', { row: 'images:a' }),
      field('alt.de', 'Rotes Zelt', { row: 'images:a' }),
      field('category_ids', '4', { kind: 'ids', checked: true }),
      field('category_ids', '5', { kind: 'ids' }),
      field('remove', '9', { kind: 'ids' }),
    ]);
    expect(body).toEqual({
      version: 3,
      axes: [{ group: 'Size', values: ['S', 'M', 'L'] }],
      images: [{ alt: { en: 'Red tent', de: 'Rotes Zelt' } }],
      category_ids: [4],
      remove: [],
    });
  });

  it('reads euros as cents, and an empty nullable price as null', () => {
    expect(
      collectBody([
        field('price_cents', '12,50', { kind: 'cents' }),
        field('sale_price_cents', ' ', { kind: 'cents', nullable: true }),
      ]),
    ).toEqual({
      price_cents: 1250,
      sale_price_cents: null,
    });
    expect(collectBody([field('price_cents', '12.999', { kind: 'cents' })])).toEqual({ price_cents: '12.999' });
  });

  it('keeps rows whose only value is a checkbox', () => {
    expect(
      collectBody([
        field('id', '7', { row: 'variations:7', kind: 'number' }),
        field('active', 'on', { row: 'variations:7', kind: 'bool' }),
      ]),
    ).toEqual({
      variations: [{ id: 7, active: false }],
    });
  });

  it('sends a fallback text only once it was edited (data-only-edited)', () => {
    const fallback = { onlyEdited: true, initial: 'Tent' };
    expect(
      collectBody([
        field('language_id', '2', { kind: 'number' }),
        field('name', 'Tent', fallback),
        field('description', '<p>Dry</p>', { onlyEdited: true, initial: '<p>Dry</p>' }),
        field('price_cents', '12.50', { kind: 'cents' }),
      ]),
    ).toEqual({ language_id: 2, price_cents: 1250 });
    expect(collectBody([field('name', 'Zelt', fallback), field('description', '<p>Dry</p>', fallback)])).toEqual({
      name: 'Zelt',
      description: '<p>Dry</p>',
    });
  });
});

describe('amounts in a currency with other minor units', () => {
  it('reads yen as whole yen and dinars in thousandths (data-decimals)', () => {
    const field = (value: string, decimals?: number): FieldValue => ({
      name: 'price_cents',
      value,
      checked: false,
      kind: 'cents',
      nullable: true,
      decimals,
    });
    expect(collectBody([field('19800', 0)])).toEqual({ price_cents: 19_800 });
    expect(collectBody([field('198.5', 0)])).toEqual({ price_cents: '198.5' });
    expect(collectBody([field('6,597', 3)])).toEqual({ price_cents: 6_597 });
    expect(collectBody([field('12.5')])).toEqual({ price_cents: 1_250 });
    expect(collectBody([field('', 0)])).toEqual({ price_cents: null });
  });
});
