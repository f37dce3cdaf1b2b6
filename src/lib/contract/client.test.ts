import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import type { CartLine, Totals } from './cart';
import type { ProductJson } from './catalog';
import { type ApiBody, type ApiPath, type ApiPayload, type ApiReply, typedApi } from './client';
import type { OrderJson } from './purchasing';

describe('typed api client', () => {
  it('derives reply and body types from the route a path belongs to', () => {
    expectTypeOf<ApiPayload<'GET', '/cart/contents'>>().toEqualTypeOf<CartLine[]>();
    expectTypeOf<ApiReply<'GET', '/cart/contents'>['unavailableItems']>().toEqualTypeOf<CartLine[]>();
    expectTypeOf<ApiReply<'POST', '/cart/calculate-totals'>['converted']>().toEqualTypeOf<Totals['converted']>();
    // A path parameter matches any value written into it.
    expectTypeOf<ApiPayload<'GET', `/products/${number}/info`>>().toEqualTypeOf<ProductJson>();
    expectTypeOf<ApiPayload<'GET', '/orders/history'>>().toEqualTypeOf<OrderJson[]>();
    expectTypeOf<ApiBody<'POST', '/cart/add'>>().toHaveProperty('id');
    // Only declared paths may be called.
    expectTypeOf<'/no/such/route' extends ApiPath<'GET'> ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<'/cart/add' extends ApiPath<'GET'> ? true : false>().toEqualTypeOf<false>();
  });

  it('is the one api client at run time: same calls, same XSRF and locale handling', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'OK', payload: [], unavailableItems: [], message: null }), {
          status: 200,
        }),
    );
    const client = createApiClient({ fetch, readCookie: () => 'tok', locale: () => ({ currency: 'USD', lang_id: 2 }) });
    const api = typedApi(client);
    expect(api).toBe(client);
    const reply = await api.post('/cart/add', { id: 5, count: 1, is_variation: false });
    expect(reply.payload).toEqual([]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cart/add');
    expect(new Headers(init.headers).get('X-XSRF-TOKEN')).toBe('tok');
    expect(JSON.parse(String(init.body))).toEqual({
      currency: 'USD',
      lang_id: 2,
      id: 5,
      count: 1,
      is_variation: false,
    });
  });
});
