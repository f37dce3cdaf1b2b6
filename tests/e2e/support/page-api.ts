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
