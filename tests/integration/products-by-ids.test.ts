import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { useTestDatabase } from '../helpers/db';

/** GET /api/products/by-ids: the wishlist's cards (storefront "Wishlist"). */
const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});

async function get(query: string) {
  const res = await api.request(`/api/products/by-ids${query}`);
  return { res, status: res.status, body: (await res.json()) as any };
}

describe('GET /products/by-ids', () => {
  it('answers the products in the order asked, once each, without inactive or unknown ids', async () => {
    const { status, body, res } = await get(`?ids=${fx.p.mech},${fx.p.dome},${fx.p.inactive},999999,${fx.p.mech}`);
    expect(status).toBe(200);
    expect(res.headers.get('ETag')).toBeTruthy();
    expect(body.status).toBe('OK');
    expect(body.payload.map((p: { id: number }) => fx.keyOf(p.id))).toEqual(['mech', 'dome']);
    const dome = body.payload[1];
    expect(dome).toMatchObject({
      name: 'Alpine Dome Tent',
      retail_price: '199.99',
      old_price: '249.99',
      discount_percent: 20,
    });
    expect(dome.categories[0].url).toBe('/products/outdoor/dome-tents');
  });

  it('follows the currency and the language like the other lists', async () => {
    const eur = await get(`?ids=${fx.p.dome}`);
    const usd = await get(`?ids=${fx.p.dome}&currency=USD`);
    expect(usd.status).toBe(200);
    expect(usd.body.payload[0].price).not.toBe(eur.body.payload[0].price);
    const de = await get(`?ids=${fx.p.dome}&lang_id=${fx.lang.de}`);
    expect(de.status).toBe(200);
    expect(de.body.payload).toHaveLength(1);
  });

  it('accepts spaces around the ids and an empty answer for ids it does not know', async () => {
    const { status, body } = await get(`?ids=${encodeURIComponent(` ${fx.p.tunnel} , 888888`)}`);
    expect(status).toBe(200);
    expect(body.payload.map((p: { id: number }) => fx.keyOf(p.id))).toEqual(['tunnel']);
    const none = await get('?ids=888888');
    expect(none.body.payload).toEqual([]);
  });

  it('refuses a missing, malformed or too long list with 422', async () => {
    for (const query of ['', '?ids=', '?ids=abc', '?ids=1,,2', '?ids=-1', '?ids=1.5', '?ids=1234567890']) {
      const { status, body } = await get(query);
      expect(status, query).toBe(422);
      expect(body.status).toBe('ERROR');
      expect(body.errors.ids).toBeTruthy();
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const { status, body } = await get(`?ids=${tooMany}`);
    expect(status).toBe(422);
    expect(body.message).toBe('The ids may list at most 50 ids.');
    const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
    expect((await get(`?ids=${fifty}`)).status).toBe(200);
  });
});
