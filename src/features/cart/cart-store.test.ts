import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The cart store's wiring (spec §4 Cart add, Quantity changes; §6 guest add): the API client is
 * replaced by a stub, timers are fake so the 500 ms debounce is observable.
 */
const post = vi.fn();
const get = vi.fn();
vi.mock('@/stores/api', () => ({ api: { post, get }, onUnauthorized: () => () => undefined }));

const { ApiError } = await import('@/lib/api-client');
const { $auth } = await import('../account/auth-store');
const { $cartCount } = await import('../frame/cart-count');
const { $toasts, clearToasts } = await import('@/stores/toasts');
const { resetCartState } = await import('./cart-reset');
const store = await import('./cart-store');

const line = (id: number, count: number, price = 10) => ({
  id,
  item_id: 100 + id,
  count,
  is_variation: false,
  base_product_id: 100 + id,
  available_stock: 50,
  item: { sku: `S-${id}`, name: `Item ${id}`, image_url: '/x.jpg', price, categories: [], variation_attributes: [] },
});
const reply = (lines: ReturnType<typeof line>[], status = 'OK', message: string | null = null) => ({
  status,
  payload: lines,
  unavailableItems: [],
  message,
});

beforeEach(() => {
  vi.useFakeTimers();
  post.mockReset();
  get.mockReset();
  clearToasts();
  $auth.set({ isAuthenticated: true, emailVerified: true, isLoading: false, error: null });
  store.resetCart();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cart store', () => {
  it('loadCart adopts the server cart and moves the header badge', async () => {
    get.mockResolvedValue(reply([line(1, 2), line(2, 3)]));
    await store.loadCart();
    expect(get).toHaveBeenCalledWith('/cart/contents', expect.anything());
    expect(store.$cart.get()).toMatchObject({ loaded: true, loading: false, error: null });
    expect(store.$cart.get().lines).toHaveLength(2);
    expect($cartCount.get()).toBe(5);
  });

  it('loadCart failure shows the error box state; guests get an empty cart without a request', async () => {
    get.mockRejectedValue(new ApiError('Failed to fetch cart content', 500));
    const result = await store.loadCart();
    expect(result.ok).toBe(false);
    expect(store.$cart.get().error).toBe('Failed to fetch cart content');
    $auth.set({ ...$auth.get(), isAuthenticated: false });
    get.mockClear();
    await store.loadCart();
    expect(get).not.toHaveBeenCalled();
    expect(store.$cart.get().lines).toEqual([]);
  });

  it('quantity: shown at once, sent once 500 ms after the last change, OK adopts', async () => {
    store.setContents({ payload: [line(1, 1)], unavailableItems: [] });
    post.mockResolvedValue(reply([line(1, 3)]));
    const first = store.updateQuantity(line(1, 1), 2);
    const second = store.updateQuantity(line(1, 1), 3);
    expect(store.$quantityDrafts.get()).toEqual({ 1: 3 });
    await vi.advanceTimersByTimeAsync(499);
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/cart/update', { id: 101, count: 3, is_variation: false }, expect.anything());
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    expect(store.$quantityDrafts.get()).toEqual({});
    expect(store.$cart.get().lines[0]!.count).toBe(3);
    expect($cartCount.get()).toBe(3);
  });

  it('quantity WARNING reverts to the server count with a warning toast; a failure with an error toast', async () => {
    store.setContents({ payload: [line(1, 2)], unavailableItems: [] });
    post.mockResolvedValueOnce(reply([line(1, 2)], 'WARNING', 'Only 4 left in stock for Item 1.'));
    const warned = store.updateQuantity(line(1, 2), 9);
    await vi.advanceTimersByTimeAsync(500);
    expect(await warned).toMatchObject({ ok: false, kind: 'warning' });
    expect(store.$quantityDrafts.get()).toEqual({});
    expect(store.$cart.get().lines[0]!.count).toBe(2);
    expect($toasts.get().at(-1)).toMatchObject({ type: 'warning', message: 'Only 4 left in stock for Item 1.' });

    post.mockRejectedValueOnce(new ApiError('Failed to update quantity', 0, null, 'network'));
    const failed = store.updateQuantity(line(1, 2), 3);
    await vi.advanceTimersByTimeAsync(500);
    expect(await failed).toMatchObject({ ok: false, kind: 'error' });
    expect(store.$quantityDrafts.get()).toEqual({});
    expect($toasts.get().at(-1)).toMatchObject({ type: 'error', message: 'Failed to update quantity' });
  });

  it('add: OK adopts; WARNING is a failure with the message; a guest is sent to sign in', async () => {
    post.mockResolvedValueOnce(reply([line(1, 1)]));
    expect(await store.addToCart(101, false)).toEqual({ ok: true, message: 'Item added to cart!' });
    expect(post).toHaveBeenLastCalledWith('/cart/add', { id: 101, count: 1, is_variation: false }, expect.anything());
    expect($cartCount.get()).toBe(1);

    post.mockResolvedValueOnce({ status: 'WARNING', message: 'Item 1 is out of stock.' });
    expect(await store.addToCart(101, false)).toEqual({
      ok: false,
      kind: 'warning',
      message: 'Item 1 is out of stock.',
    });

    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/products/item-1', search: '?x=1', assign });
    $auth.set({ ...$auth.get(), isAuthenticated: false });
    post.mockRejectedValueOnce(new ApiError('Unauthenticated.', 401));
    expect(await store.addToCart(101, false)).toMatchObject({ ok: false, kind: 'handled' });
    expect($toasts.get().at(-1)).toMatchObject({ type: 'error', message: 'Please sign in to add item to cart' });
    expect(assign).toHaveBeenCalledWith('/auth?form=signin&redirect=%2Fproducts%2Fitem-1%3Fx%3D1');
    vi.unstubAllGlobals();
  });

  it('remove is optimistic and undone on failure; an order (cart reset) empties cart and badge', async () => {
    store.setContents({ payload: [line(1, 1), line(2, 2)], unavailableItems: [] });
    let fail!: (e: unknown) => void;
    post.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const removing = store.removeItem(line(2, 2));
    expect(store.$cart.get().lines.map((l) => l.id)).toEqual([1]);
    fail(new ApiError('Failed to remove item from cart', 500));
    expect(await removing).toMatchObject({ ok: false, kind: 'error' });
    expect(store.$cart.get().lines.map((l) => l.id)).toEqual([1, 2]);

    resetCartState();
    expect(store.$cart.get().lines).toEqual([]);
    expect($cartCount.get()).toBe(0);
  });
});

describe('api client headers option (checkout Idempotency-Key)', () => {
  it('sends extra headers beside its own', async () => {
    const { createApiClient } = await import('@/lib/api-client');
    const seen: Record<string, string>[] = [];
    const client = createApiClient({
      readCookie: () => 'tok',
      fetch: (async (_url: string, init: RequestInit) => {
        seen.push(init.headers as Record<string, string>);
        return new Response('{"status":"OK"}', { status: 200 });
      }) as typeof fetch,
    });
    await client.post(
      '/orders/checkout',
      {},
      { headers: { 'Idempotency-Key': 'checkout-abc12345', Accept: 'text/html' } },
    );
    expect(seen[0]).toMatchObject({
      'Idempotency-Key': 'checkout-abc12345',
      Accept: 'application/json',
      'X-XSRF-TOKEN': 'tok',
    });
  });
});
