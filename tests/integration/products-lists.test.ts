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

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await api.request(`/api${path}`, { headers });
  return { res, status: res.status, body: res.status === 304 ? null : ((await res.json()) as any) };
}
const keys = (payload: { id: number }[]) => payload.map((p) => fx.keyOf(p.id));

describe('product lists', () => {
  it('new-arrivals: active new products, newest first', async () => {
    const { status, body } = await get('/products/new-arrivals');
    expect(status).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.message).toBeNull();
    expect(keys(body.payload)).toEqual(['dome', 'tunnel', 'ultra', 'lantern']);
  });

  it('top-products: active top products, newest first; limit applies', async () => {
    expect(keys((await get('/products/top-products')).body.payload)).toEqual(['dome', 'summit', 'mech', 'mouse']);
    expect(keys((await get('/products/top-products?limit=2')).body.payload)).toEqual(['dome', 'summit']);
  });

  it('on-sale: biggest discount first, inactive left out', async () => {
    const { body } = await get('/products/on-sale');
    expect(keys(body.payload)).toEqual(['dome', 'wireless', 'summit']);
    expect(body.payload.map((p: any) => p.discount_percent)).toEqual([20, 17, 10]);
  });

  it('trending: units of the last 30 days (not failed), then top products', async () => {
    const { body } = await get('/products/trending');
    expect(keys(body.payload)).toEqual(['wireless', 'tunnel', 'mech', 'dome', 'summit', 'mouse']);
    expect(keys((await get('/products/trending?limit=2')).body.payload)).toEqual(['wireless', 'tunnel']);
  });

  it('converts prices to the requested currency', async () => {
    const { body } = await get('/products/on-sale?currency=USD&limit=1');
    // 199.99 EUR × 1.0835 = 216.689165 → 216.69; 249.99 × 1.0835 = 270.864165 → 270.86
    expect(body.payload[0]).toMatchObject({ price: 216.69, retail_price: '216.69', old_price: '270.86' });
  });

  it.each(['0', '49', '-1', 'abc', '1.5'])('limit=%s is a 422 on limit', async (limit) => {
    for (const path of ['new-arrivals', 'top-products', 'on-sale', 'trending']) {
      const { status, body } = await get(`/products/${path}?limit=${limit}`);
      expect(status).toBe(422);
      expect(body.status).toBe('ERROR');
      expect(Object.keys(body.errors)).toEqual(['limit']);
    }
  });

  it('limit 48 is allowed', async () => {
    expect((await get('/products/new-arrivals?limit=48')).status).toBe(200);
  });

  it('sends Cache-Control and ETag, and 304 for a matching If-None-Match', async () => {
    const first = await get('/products/new-arrivals');
    const etag = first.res.headers.get('ETag');
    expect(etag).toBeTruthy();
    expect(first.res.headers.get('Cache-Control')).toContain('public');
    const again = await get('/products/new-arrivals', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
  });

  it('an unknown currency is a 422', async () => {
    const { status, body } = await get('/products/new-arrivals?currency=XXX');
    expect(status).toBe(422);
    expect(body.errors.currency).toBeDefined();
  });
});
