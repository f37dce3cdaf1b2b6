/**
 * The shop's API from a signed-in page (its cookies and XSRF token), for specs that set up state
 * directly: a write that must succeed, and a product's stock.
 */
import { expect, type Page } from '@playwright/test';
import { xsrfHeaders } from './shopper';

export interface CatalogProduct {
  id: number;
  name: string;
  stock: number;
  variations: unknown[];
}

export async function post<T = Record<string, unknown>>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: await xsrfHeaders(page), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

export async function stockOf(page: Page, id: number): Promise<number> {
  const response = await page.request.get(`/api/products/${id}/info`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payload: { stock: number } }).payload.stock;
}

/** The delivery address the order specs check out with (Berlin, phone +49), for `email`. */
export const berlinShipping = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Robin',
  surname: 'Trail',
  email,
  phone: '+49 1512 3456789',
  phoneCountryCode: 'DE',
  nationalNumber: '15123456789',
  country: 'Germany',
  city: 'Berlin',
  address: 'Friedrichstraße 1',
  postCode: '10117',
  promoCode: null,
  ...over,
});

/** The catalogue's products without variations that have at least `minStock` units. */
export async function simpleProducts(page: Page, minStock: number): Promise<CatalogProduct[]> {
  const response = await page.request.get('/api/products/catalog?per_page=60');
  expect(response.status()).toBe(200);
  const { payload } = (await response.json()) as { payload: CatalogProduct[] };
  return payload.filter((p) => p.variations.length === 0 && p.stock >= minStock);
}

/** `count` of one product through the cart and a phone checkout to Berlin: the order's number. */
export async function placePhoneOrder(
  page: Page,
  email: string,
  productId: number,
  count = 1,
  shipping: Record<string, unknown> = {},
): Promise<string> {
  await post(page, '/api/cart/add', { id: productId, count, is_variation: false });
  const placed = await post<{ order_data: { order_nr: string } }>(page, '/api/orders/checkout', {
    ...berlinShipping(email, shipping),
    payment_method: 'phone',
  });
  return placed.order_data.order_nr;
}
