import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, handledByClient, type ApiClientHooks } from '@/lib/api-client';

type FetchArgs = [string, RequestInit];

function stubFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: FetchArgs[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return respond(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(hooks: ApiClientHooks = {}) {
  return createApiClient({
    locale: () => ({ currency: 'USD', lang_id: '2' }),
    // A page that already holds the XSRF cookie; the CSRF tests below start without one.
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-1' : undefined),
    ...hooks,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('GETs under /api with credentials and currency/lang_id in the query', async () => {
    const calls = stubFetch(() => json({ status: 'OK', payload: [1], message: null }));
    const body = await client().get('/products/new-arrivals', { query: { limit: 4, skip: undefined } });
    expect(body).toEqual({ status: 'OK', payload: [1], message: null });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/products/new-arrivals?currency=USD&lang_id=2&limit=4');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('sends a file upload as the form itself, with the XSRF token and no JSON type', async () => {
    const calls = stubFetch(() => json({ status: 'OK', payload: { id: 1 }, message: null }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client().request('POST', '/admin/media', { form });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/admin/media');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['X-XSRF-TOKEN']).toBe('xsrf-1');
  });

  it('puts currency/lang_id into POST, PUT and PATCH bodies, and leaves them out on opt-out', async () => {
    const calls = stubFetch(() => json({ status: 'OK', message: 'ok' }));
    const api = client();
    await api.post('/newsletter/subscribe', { email: 'a@b.co' });
    await api.put('/user/profile', { name: 'A' });
    await api.patch('/x', {});
    await api.post('/logout', {}, { withLocale: false });
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ currency: 'USD', lang_id: '2', email: 'a@b.co' });
    expect(JSON.parse(String(calls[1]![1].body))).toEqual({ currency: 'USD', lang_id: '2', name: 'A' });
    expect(calls[2]![1].method).toBe('PATCH');
    expect(JSON.parse(String(calls[3]![1].body))).toEqual({});
    expect((calls[0]![1].headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0]![0]).toBe('/api/newsletter/subscribe');
  });

  it('sends X-XSRF-TOKEN from the cookie, and a bearer header only when a token is configured', async () => {
    const calls = stubFetch(() => json({ status: 'OK' }));
    await client({ readCookie: (name) => (name === 'XSRF-TOKEN' ? 'tok en' : undefined) }).post('/cart/clear');
    await client({ token: () => 'api-token', readCookie: () => undefined }).get('/x');
    const first = calls[0]![1].headers as Record<string, string>;
    const second = calls[1]![1].headers as Record<string, string>;
    expect(first['X-XSRF-TOKEN']).toBe('tok en');
    expect(first.Authorization).toBeUndefined();
    expect(second.Authorization).toBe('Bearer api-token');
    expect(second['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('throws the server message when present, else the caller fallback', async () => {
    stubFetch((url) =>
      url.includes('/found?')
        ? json({ status: 'ERROR', message: 'Product not found' }, 404)
        : new Response('<html>oops</html>', { status: 500 }),
    );
    const api = client();
    await expect(api.get('/found')).rejects.toMatchObject({ message: 'Product not found', status: 404 });
    const error = await api.get('/broken', { fallbackMessage: 'Failed to load products' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Failed to load products');
    expect(error.status).toBe(500);
  });

  it('exposes 422 field errors', async () => {
    stubFetch(() => json({ status: 'ERROR', message: 'Invalid', errors: { email: ['bad'] } }, 422));
    const error = (await client()
      .post('/newsletter/subscribe', { email: 'x' })
      .catch((e) => e)) as ApiError;
    expect(error.errors).toEqual({ email: ['bad'] });
  });

  it('times out after 6 s by default', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client()
      .get('/slow', { fallbackMessage: 'Failed' })
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(5_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const error = (await pending) as ApiError;
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('Failed');
  });

  it('takes a longer timeout and an external AbortSignal (totals, checkout)', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = client()
      .post('/cart/calculate-totals', {}, { timeoutMs: 30_000, signal: controller.signal })
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort();
    const error = (await pending) as ApiError;
    expect(error.reason).toBe('aborted');
  });

  it('handles 401 once: toast for 3 s and the logout hook', async () => {
    stubFetch(() => json({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' }, 401));
    const notify = vi.fn();
    const onUnauthorized = vi.fn();
    const api = client({ notify, onUnauthorized, sessionExpiredText: () => 'Error occurred. Please log in again.' });
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    await expect(api.get('/cart/contents')).rejects.toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Error occurred. Please log in again.', 3000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(api.sessionExpired).toBe(true);
    api.resetSessionExpired();
    await api.get('/user/profile').catch(() => undefined);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('skips the shared 401 handling when asked (the auth check)', async () => {
    stubFetch(() => json({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' }, 401));
    const notify = vi.fn();
    await client({ notify })
      .get('/is-auth', { skipAuthHandling: true })
      .catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends a 403 "not verified" to the verification page with the current path', async () => {
    // A German shopper: the code decides, whatever the text says.
    stubFetch(() =>
      json({ status: 'ERROR', code: 'email_not_verified', message: 'Ihre E-Mail-Adresse ist nicht bestätigt.' }, 403),
    );
    const onEmailNotVerified = vi.fn();
    await client({ onEmailNotVerified, currentPath: () => '/cart?x=1' })
      .post('/orders/checkout', {})
      .catch(() => undefined);
    expect(onEmailNotVerified).toHaveBeenCalledWith('/cart?x=1');
  });

  it('does not redirect on other 403s', async () => {
    stubFetch(() => json({ status: 'ERROR', code: 'forbidden', message: 'Your email address is not verified.' }, 403));
    const onEmailNotVerified = vi.fn();
    await expect(client({ onEmailNotVerified }).get('/x')).rejects.toMatchObject({ code: 'forbidden' });
    expect(onEmailNotVerified).not.toHaveBeenCalled();
  });

  it('reports a network failure with the fallback text', async () => {
    stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client().get('/x', { fallbackMessage: 'Failed to fetch' })).rejects.toMatchObject({
      status: 0,
      reason: 'network',
      message: 'Failed to fetch',
    });
  });

  it('treats an empty success body as OK', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(client().post('/logout')).resolves.toEqual({ status: 'OK', message: null });
  });

  it('fetches the XSRF cookie before the first write when there is none, once for parallel writes', async () => {
    let cookie: string | undefined;
    const calls = stubFetch((url) => {
      if (url === '/sanctum/csrf-cookie') {
        cookie = 'fresh';
        return new Response(null, { status: 204 });
      }
      return json({ status: 'OK' });
    });
    const api = client({ readCookie: () => cookie });
    await Promise.all([api.post('/newsletter/subscribe', { email: 'a@b.co' }), api.post('/cart/clear')]);
    expect(calls[0]![0]).toBe('/sanctum/csrf-cookie');
    expect(
      calls
        .slice(1)
        .map(([url]) => url)
        .sort(),
    ).toEqual(['/api/cart/clear', '/api/newsletter/subscribe']);
    for (const [, init] of calls.slice(1))
      expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('fresh');
    await api.get('/is-auth');
    expect(calls.filter(([url]) => url === '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('on a 419 fetches a new token and retries the write once', async () => {
    let token = 'stale';
    const calls = stubFetch((url, init) => {
      if (url === '/sanctum/csrf-cookie') {
        token = 'renewed';
        return new Response(null, { status: 204 });
      }
      const sent = (init.headers as Record<string, string>)['X-XSRF-TOKEN'];
      return sent === 'renewed'
        ? json({ status: 'OK', message: 'done' })
        : json({ status: 'ERROR', message: 'CSRF token mismatch.' }, 419);
    });
    const body = await client({ readCookie: () => token }).post('/logout');
    expect(body.message).toBe('done');
    expect(calls.map(([url]) => url)).toEqual(['/api/logout', '/sanctum/csrf-cookie', '/api/logout']);
  });

  it('gives up after one retry when the token keeps failing', async () => {
    const calls = stubFetch((url) =>
      url === '/sanctum/csrf-cookie'
        ? new Response(null, { status: 204 })
        : json({ status: 'ERROR', message: 'CSRF token mismatch.' }, 419),
    );
    await expect(client().post('/logout')).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
    expect(calls).toHaveLength(3);
  });

  it('API clients with a bearer token never fetch the XSRF cookie', async () => {
    const calls = stubFetch(() => json({ status: 'OK' }));
    await client({ token: () => 't', readCookie: () => undefined }).post('/cart/clear');
    expect(calls.map(([url]) => url)).toEqual(['/api/cart/clear']);
  });

  it('says which errors the client already handled (401, 403 not verified)', () => {
    expect(handledByClient(new ApiError('Unauthenticated.', 401))).toBe(true);
    const body = (code: 'email_not_verified' | 'forbidden') => ({ status: 'ERROR', code, message: 'Nicht erlaubt.' });
    expect(handledByClient(new ApiError('Nicht erlaubt.', 403, body('email_not_verified')))).toBe(true);
    expect(handledByClient(new ApiError('Your email address is not verified.', 403, body('forbidden')))).toBe(false);
    expect(handledByClient(new ApiError('Failed', 422))).toBe(false);
    expect(handledByClient(new Error('x'))).toBe(false);
  });
});
