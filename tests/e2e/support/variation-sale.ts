/**
 * Issue 26's shop owner, by the staff API: a demo product with sizes put on sale the way that
 * owner did (a sale price on the product, 20 % off; every variation at the product's regular
 * price), so the variations are charged the product's sale price.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';
import { STAFF } from './back-office';

export interface CatalogProduct {
  id: number;
  name: string;
  price: number;
  old_price: string;
  categories: { id: number; url: string }[];
  variations: { id: number; stock: number; attributes: { name: string; attribute_group: { name: string } }[] }[];
}

export interface VariationOnSale {
  product: CatalogProduct;
  variation: CatalogProduct['variations'][number];
  regularCents: number;
  saleCents: number;
}

/** The product page of a catalogue product (its most specific category's address). */
export const productPath = (p: CatalogProduct) =>
  `${[...p.categories].sort((a, b) => b.id - a.id)[0]?.url ?? '/products/all/all'}/${p.id}`;

/** Staff, signed in with a bearer token (the API's way for scripts). */
async function staffApi(
  request: APIRequestContext,
  device: string,
): Promise<(method: 'GET' | 'PUT', path: string, data?: unknown) => Promise<any>> {
  const login = await request.post('/api/login', {
    data: { username: STAFF.email, password: STAFF.password, device_name: device },
  });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { payload: { token: string } }).payload.token;
  return async (method, path, data) => {
    const res = await request.fetch(path, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { payload: unknown }).payload;
  };
}

/**
 * Puts the `nth` (0-based) product with sizes in stock and not on sale, from the dearer end under
 * 500.00, on sale (other specs take the first, cheaper ones; each spec its own `nth`, as one
 * already on sale drops out of the candidates). `catalog` reads the catalogue as the shopper
 * will (e.g. the page's request with its language cookie, for names in that language).
 */
export async function putVariationOnSale(
  request: APIRequestContext,
  catalog: APIRequestContext,
  nth: number,
  /** the language whose names the page's drop-downs show (the API answers in `lang_id`'s) */
  langId?: number,
): Promise<VariationOnSale> {
  const language = langId === undefined ? '' : `&lang_id=${langId}`;
  const list = await catalog.get(`/api/products/catalog?per_page=60&sort=desc&price_max=500${language}`);
  expect(list.status(), await list.text()).toBe(200);
  const candidates = ((await list.json()) as { payload: CatalogProduct[] }).payload.filter(
    (p) => p.variations.length > 1 && p.variations.every((v) => v.stock >= 5) && Number(p.old_price) === 0,
  );
  expect(candidates.length).toBeGreaterThan(nth);
  const product = candidates[nth]!;

  const api = await staffApi(request, `e2e-variation-sale-${nth}`);
  const admin = await api('GET', `/api/admin/products/${product.id}`);
  const regularCents: number = admin.price_cents;
  const saleCents = Math.round(regularCents * 0.8);
  const onSale = await api('PUT', `/api/admin/products/${product.id}`, {
    version: admin.version,
    sale_price_cents: saleCents,
  });
  await api('PUT', `/api/admin/products/${product.id}/variations`, {
    version: onSale.version,
    variations: onSale.variations.map((v: { id: number; sku: string; stock: number; active: boolean }) => ({
      id: v.id,
      sku: v.sku,
      price_cents: regularCents,
      stock: v.stock,
      active: v.active,
    })),
  });
  return { product, variation: product.variations[0]!, regularCents, saleCents };
}
