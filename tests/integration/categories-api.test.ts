import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { getFeaturedCategories } from '@/server/services/content';
import { useTestDatabase } from '../helpers/db';
import { type ContentFixture, seedContentFixture } from '../helpers/fixture-content';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: ContentFixture;

beforeAll(async () => {
  fx = await seedContentFixture(database().db);
});

async function get(path: string) {
  const res = await api.request(path);
  return {
    res,
    body: (await res.json()) as { status: string; message: string | null; payload: any; errors?: unknown },
  };
}

describe('GET /api/categories', () => {
  it('answers the whole tree in position order with urls and parent_id 0 at the top', async () => {
    const c = fx.categories;
    const { res, body } = await get('/api/categories');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      message: null,
      payload: [
        {
          id: c.outdoor,
          name: 'Outdoor',
          slug: 'outdoor',
          url: '/products/outdoor/all',
          parent_id: 0,
          subcategories: [
            {
              id: c.backpacks,
              name: 'Backpacks',
              slug: 'backpacks',
              url: '/products/outdoor/backpacks',
              parent_id: c.outdoor,
              subcategories: [],
            },
            {
              id: c.tents,
              name: 'Tents',
              slug: 'tents',
              url: '/products/outdoor/tents',
              parent_id: c.outdoor,
              subcategories: [
                {
                  id: c.domeTents,
                  name: 'Dome Tents',
                  slug: 'dome-tents',
                  url: '/products/outdoor/dome-tents',
                  parent_id: c.tents,
                  subcategories: [],
                },
              ],
            },
          ],
        },
        {
          id: c.tech,
          name: 'Tech',
          slug: 'tech',
          url: '/products/tech/all',
          parent_id: 0,
          subcategories: [
            {
              id: c.keyboards,
              name: 'Keyboards',
              slug: 'keyboards',
              url: '/products/tech/keyboards',
              parent_id: c.tech,
              subcategories: [],
            },
          ],
        },
      ],
    });
  });

  it('names in German with lang_id of de, base names where a translation is missing', async () => {
    const { body } = await get(`/api/categories?lang_id=${fx.lang.de}`);
    const [outdoor, tech] = body.payload;
    expect(outdoor.name).toBe('Draußen');
    expect(outdoor.subcategories.map((s: { name: string }) => s.name)).toEqual(['Backpacks', 'Zelte']);
    expect(outdoor.subcategories[1].subcategories[0].name).toBe('Kuppelzelte');
    expect(tech.name).toBe('Tech');
    // Slugs and urls do not change with the language.
    expect(outdoor.url).toBe('/products/outdoor/all');
  });

  it('topLevel=1 (or true) gives the top level without subcategories; topLevel=0 the tree', async () => {
    for (const value of ['1', 'true']) {
      const { body } = await get(`/api/categories?topLevel=${value}&lang_id=${fx.lang.de}`);
      expect(body.payload).toEqual([
        {
          id: fx.categories.outdoor,
          name: 'Draußen',
          slug: 'outdoor',
          url: '/products/outdoor/all',
          parent_id: 0,
          subcategories: [],
        },
        {
          id: fx.categories.tech,
          name: 'Tech',
          slug: 'tech',
          url: '/products/tech/all',
          parent_id: 0,
          subcategories: [],
        },
      ]);
    }
    const tree = await get('/api/categories?topLevel=0');
    expect(tree.body.payload[0].subcategories).toHaveLength(2);
  });

  it.each(['2', 'yes', '-1', '', 'x'.repeat(5000)])('topLevel=%s is a 422', async (value) => {
    const { res, body } = await get(`/api/categories?topLevel=${encodeURIComponent(value)}`);
    expect(res.status).toBe(422);
    expect(body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'The topLevel field must be 1 or 0.',
      errors: { topLevel: ['The topLevel field must be 1 or 0.'] },
    });
  });
});

describe('GET /api/categories/featured', () => {
  it('answers the tiles by order with translated texts and fallback', async () => {
    const en = await get('/api/categories/featured');
    expect(en.body).toEqual({
      status: 'OK',
      message: null,
      payload: [
        {
          id: fx.featured.second,
          title: 'Tech',
          short_title: null,
          description: 'Gadgets.',
          image_url: '/img/tech.svg',
          url: '/products/tech/all',
          order: 1,
        },
        {
          id: fx.featured.first,
          title: 'Outdoor Adventure',
          short_title: 'Outdoor',
          description: 'Tents.',
          image_url: '/img/outdoor.svg',
          url: '/products/outdoor/all',
          order: 2,
        },
      ],
    });
    const de = await get(`/api/categories/featured?lang_id=${fx.lang.de}`);
    expect(
      de.body.payload.map((f: { title: string; short_title: string | null; description: string }) => [
        f.title,
        f.short_title,
        f.description,
      ]),
    ).toEqual([
      ['Tech', null, 'Gadgets.'],
      ['Outdoor-Abenteuer', 'Draußen', 'Zelte.'],
    ]);
    expect(await getFeaturedCategories(database().db, fx.lang.de)).toEqual(de.body.payload);
  });
});
