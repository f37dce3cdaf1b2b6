import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});

async function get(path: string) {
  const res = await api.request(`/api${path}`);
  return { res, status: res.status, body: (await res.json()) as any };
}

describe('GET /products/{id}/info', () => {
  it('returns the full product shape', async () => {
    const { status, body, res } = await get(`/products/${fx.p.dome}/info`);
    expect(status).toBe(200);
    expect(res.headers.get('ETag')).toBeTruthy();
    expect(body.status).toBe('OK');
    const p = body.payload;
    expect(p).toEqual({
      id: fx.p.dome,
      name: 'Alpine Dome Tent',
      slug: 'dome',
      sku: 'FX-DOME',
      image_url: '/images/products/dome/1.svg',
      images_urls: ['/images/products/dome/1.svg', '/images/products/dome/2.svg'],
      // No uploaded photo and no alternative text of its own: no size, the product's name.
      images: [
        { url: '/images/products/dome/1.svg', width: null, height: null, alt: 'Alpine Dome Tent' },
        { url: '/images/products/dome/2.svg', width: null, height: null, alt: 'Alpine Dome Tent' },
      ],
      price: 199.99,
      retail_price: '199.99',
      old_price: '249.99',
      discount_percent: 20,
      // Its sizes differ in price: 199.99 (on sale with the product) to 209.99 (a price of its own).
      price_from: true,
      max_price: 209.99,
      description: '<p>A sturdy dome tent for two.</p>',
      categories: [
        {
          id: fx.cat.domeTents,
          name: 'Dome Tents',
          slug: 'dome-tents',
          url: '/products/outdoor/dome-tents',
          parent_id: fx.cat.tents,
          parent: { id: fx.cat.tents, name: 'Tents' },
        },
      ],
      variations: [
        {
          id: expect.any(Number),
          sku: 'FX-DOME-RS',
          retail_price: '199.99',
          price: 199.99,
          old_price: '249.99',
          discount_percent: 20,
          stock: 3,
          in_stock: true,
          availability: 'low_stock',
          attributes: [
            { id: fx.attr.red, name: 'Red', attribute_group: { id: fx.group.colour, name: 'Colour' } },
            { id: fx.attr.s, name: 'S', attribute_group: { id: fx.group.size, name: 'Size' } },
          ],
        },
        {
          id: expect.any(Number),
          sku: 'FX-DOME-BM',
          retail_price: '209.99',
          price: 209.99,
          old_price: '0.00',
          discount_percent: 0,
          stock: 4,
          in_stock: true,
          availability: 'low_stock',
          attributes: [
            { id: fx.attr.blue, name: 'Blue', attribute_group: { id: fx.group.colour, name: 'Colour' } },
            { id: fx.attr.m, name: 'M', attribute_group: { id: fx.group.size, name: 'Size' } },
          ],
        },
      ],
      top_product: true,
      new_arrival: true,
      stock: 7,
      in_stock: true,
      availability: 'in_stock',
      low_stock_threshold: 5,
      reviews: { count: 2, average: 4.5 },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('falls back to the fallback image, "0.00" old price, and reports stock states', async () => {
    const tunnel = (await get(`/products/${fx.p.tunnel}/info`)).body.payload;
    expect(tunnel).toMatchObject({
      image_url: '/images/fallback.svg?v=1',
      images_urls: [],
      old_price: '0.00',
      discount_percent: 0,
      stock: 0,
      in_stock: false,
      availability: 'out_of_stock',
      reviews: { count: 0, average: null },
      top_product: false,
      new_arrival: true,
    });
    expect(tunnel.variations[0]).toMatchObject({ stock: 0, in_stock: false });
    const summit = (await get(`/products/${fx.p.summit}/info`)).body.payload;
    expect(summit).toMatchObject({ availability: 'low_stock', reviews: { count: 1, average: 3 } });
    // the inactive Blue/M variation is not offered
    expect(summit.variations.map((v: any) => v.sku)).toEqual(['FX-SUMMIT-RM', 'FX-SUMMIT-RL']);
  });

  it('top-level categories have parent_id 0 and parent null', async () => {
    const lantern = (await get(`/products/${fx.p.lantern}/info`)).body.payload;
    expect(lantern.categories).toEqual([
      {
        id: fx.cat.outdoor,
        name: 'Outdoor',
        slug: 'outdoor',
        url: '/products/outdoor/all',
        parent_id: 0,
        parent: null,
      },
    ]);
  });

  it('converts every amount exactly (half-up) to the currency', async () => {
    const dome = (await get(`/products/${fx.p.dome}/info?currency=USD`)).body.payload;
    expect(dome).toMatchObject({ price: 216.69, retail_price: '216.69', old_price: '270.86' });
    expect(dome.variations.map((v: any) => [v.price, v.retail_price])).toEqual([
      [216.69, '216.69'],
      [227.52, '227.52'], // 209.99 × 1.0835 = 227.524165
    ]);
    const lantern = (await get(`/products/${fx.p.lantern}/info?currency=USD`)).body.payload;
    expect(lantern).toMatchObject({ price: 10.84, retail_price: '10.84', old_price: '0.00' });
    const gbp = (await get(`/products/${fx.p.wireless}/info?currency=GBP`)).body.payload;
    // 49.99 × 0.85 = 42.4915 → 42.49; 59.99 × 0.85 = 50.9915 → 50.99
    expect(gbp).toMatchObject({ price: 42.49, retail_price: '42.49', old_price: '50.99' });
  });

  it('answers in the requested language with fallback to the base row', async () => {
    const dome = (await get(`/products/${fx.p.dome}/info?lang_id=${fx.lang.de}`)).body.payload;
    expect(dome.name).toBe('Alpine Kuppelzelt');
    expect(dome.description).toBe('<p>Ein stabiles Kuppelzelt für zwei.</p>');
    expect(dome.categories[0]).toMatchObject({ name: 'Dome Tents', parent: { name: 'Zelte' } });
    const tunnel = (await get(`/products/${fx.p.tunnel}/info?lang_id=${fx.lang.de}`)).body.payload;
    expect(tunnel.name).toBe('Trail Tunnelzelt');
    expect(tunnel.description).toBe('<p>Roomy tunnel shelter.</p>');
    const mouse = (await get(`/products/${fx.p.mouse}/info?lang_id=${fx.lang.de}`)).body.payload;
    expect(mouse.name).toBe('Gaming Mouse');
  });

  it('404 Product not found for unknown and inactive products', async () => {
    for (const id of [fx.p.inactive, 999999]) {
      const { status, body } = await get(`/products/${id}/info`);
      expect(status).toBe(404);
      expect(body).toEqual({ status: 'ERROR', code: 'not_found', message: 'Product not found' });
    }
  });

  it('422 for a non-numeric id', async () => {
    for (const id of ['abc', '1.5', '-1']) {
      const { status, body } = await get(`/products/${id}/info`);
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['id']);
    }
  });

  it('422 for an unknown language', async () => {
    const { status, body } = await get(`/products/${fx.p.dome}/info?lang_id=999`);
    expect(status).toBe(422);
    expect(body.errors.lang_id).toBeDefined();
  });
});
