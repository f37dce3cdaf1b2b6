/**
 * Issue 29: on /de and /fr no stored English attribute group, option or country name shows when
 * the data has that language's text. A shopper walks the catalogue list (facets), a product with
 * variations, the cart, the checkout's country list and the order history through the API in
 * German and French; every string they are shown is compared with the data's English names
 * that have a different translation. An order keeps the words of the language it was placed in.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { languages } from '@/server/db/schema/index';
import { checkoutShoppers, cardShipping } from '../helpers/checkout-shopper';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const { shopper } = checkoutShoppers(api, db, 'translated');

interface Named {
  english: string;
  local: string;
}

/** Every string anywhere in an answer. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

async function translatedNames(languageId: number): Promise<Named[]> {
  const result = await db().execute<{ english: string; local: string }>(sql`
    select g.name as english, t.name as local from attribute_groups g
      join attribute_group_translations t on t.group_id = g.id and t.language_id = ${languageId}
    union all select a.name, t.name from attributes a
      join attribute_translations t on t.attribute_id = a.id and t.language_id = ${languageId}
    union all select c.name, t.name from countries c
      join country_translations t on t.country_id = c.id and t.language_id = ${languageId}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Named[] }).rows) as Named[];
  // A name that reads the same in both languages ("Orange", "Dimensions") is not untranslated.
  const same = new Set(rows.filter((r) => r.english === r.local).map((r) => r.english));
  return rows.filter((r) => r.english !== r.local && !same.has(r.english));
}

function untranslated(answer: unknown, names: readonly Named[]): string[] {
  const english = new Set(names.map((n) => n.english));
  return [...new Set(strings(answer).filter((s) => english.has(s)))];
}

let lang: Record<string, number>;
beforeAll(async () => {
  const rows = await db().select({ id: languages.id, code: languages.code }).from(languages);
  lang = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});

describe.each(['de', 'fr'])('a shopper in %s', (code) => {
  it('sees attribute groups, options and countries in that language from list to order history', async () => {
    const languageId = lang[code]!;
    const names = await translatedNames(languageId);
    const local = new Map(names.map((n) => [n.english, n.local]));
    expect(local.get('Colour')).toBe(code === 'de' ? 'Farbe' : 'Couleur');
    expect(local.get('Germany')).toBe(code === 'de' ? 'Deutschland' : 'Allemagne');

    const { session } = await shopper({ languageId });
    const q = `lang_id=${languageId}`;
    const list = await session.get(`/api/products/catalog?${q}&per_page=48`);
    expect(list.status).toBe(200);
    expect(untranslated(list.body, names)).toEqual([]);
    expect(strings(list.body)).toContain(local.get('Colour'));

    type Catalog = { payload: { id: number }[]; facets: { options: { id: number }[] }[] };
    const colour = (list.body as Catalog).facets[0]!.options[0]!.id;
    const varied = await session.get(`/api/products/catalog?${q}&attrs=${colour}`);
    expect(untranslated(varied.body, names)).toEqual([]);
    const withVariations = (varied.body as Catalog).payload[0];
    expect(withVariations).toBeDefined();
    const info = await session.get(`/api/products/${withVariations!.id}/info?${q}`);
    expect(info.status).toBe(200);
    expect(untranslated(info.body, names)).toEqual([]);
    const variation = (
      info.body as { payload: { variations: { id: number; in_stock: boolean }[] } }
    ).payload.variations.find((v) => v.in_stock)!;

    const added = await session.post('/api/cart/add', {
      id: variation.id,
      count: 1,
      is_variation: true,
      lang_id: languageId,
    });
    expect(added.status).toBe(200);
    const cart = await session.get(`/api/cart/contents?${q}`);
    expect(untranslated(cart.body, names)).toEqual([]);
    const lines = strings(cart.body);
    expect(names.some((n) => lines.includes(n.local))).toBe(true);

    const countries = await session.get(`/api/countries?${q}`);
    expect(untranslated(countries.body, names)).toEqual([]);
    expect(strings(countries.body)).toContain(local.get('Germany'));

    const placed = await session.post('/api/orders/checkout', cardShipping({ lang_id: languageId }));
    expect(placed.status).toBe(200);
    const history = await session.get(`/api/orders/history?${q}`);
    expect(untranslated(history.body, names)).toEqual([]);
    expect(strings(history.body)).toContain(local.get('Germany'));

    // The order keeps the words of its language when read in English later.
    const english = await session.get(`/api/orders/history?lang_id=${lang.en}`);
    expect(strings(english.body)).toContain(local.get('Germany'));
  });
});
