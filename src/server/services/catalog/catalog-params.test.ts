import { describe, expect, it } from 'vitest';
import { catalogQuery } from '@/lib/contract/catalog';
import { lenientCatalogInput } from './catalog-params';

// The API route and the list page parse the same parameters: the route refuses a bad value,
// the page leaves out just that value and keeps the rest.
describe('catalogue parameters', () => {
  it('the page keeps the good values and drops each one the API would refuse', () => {
    const raw = {
      page: '2',
      per_page: '14',
      search: 'tent',
      sort: 'sideways',
      price_min: '12.5',
      price_max: 'abc',
      attrs: '3,4',
    };
    expect(catalogQuery.safeParse(raw).success).toBe(false);
    expect(lenientCatalogInput(raw, 14)).toEqual({
      search: 'tent',
      sort: undefined,
      priceMinCents: 1250,
      priceMaxCents: undefined,
      categoryIds: undefined,
      attrs: [3, 4],
      isNew: undefined,
      sale: undefined,
      page: 2,
      perPage: 14,
    });
  });

  it('a reversed price range keeps the maximum, the field the API names', () => {
    const raw = { price_min: '50', price_max: '20' };
    const refused = catalogQuery.safeParse(raw);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['price_min']);
    expect(lenientCatalogInput(raw, 14)).toMatchObject({
      priceMinCents: undefined,
      priceMaxCents: 2000,
      page: 1,
      perPage: 14,
    });
  });

  it('unknown parameters are ignored, and valid ones pass unchanged', () => {
    expect(lenientCatalogInput({ colour: 'red', new: 'true', sale: '0', category_id: '7' }, 14)).toMatchObject({
      isNew: true,
      sale: false,
      categoryIds: [7],
    });
  });
});
