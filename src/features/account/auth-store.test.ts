import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from './auth-store';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers by path; the CSRF cookie call (if the client makes one) gets a 204. */
function stubApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: { path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://shop.test').pathname;
      calls.push({ path, init });
      const route = routes[path];
      if (route) return route();
      if (path.includes('csrf-cookie')) return new Response(null, { status: 204 });
      return json({ message: 'not stubbed' }, 500);
    }),
  );
  return calls;
}

describe('initialAuthState()', () => {
  it("follows the page's attributes when present", () => {
    expect(initialAuthState({ signedIn: 'true', emailVerified: 'true' }, false)).toEqual({
      isAuthenticated: true,
      emailVerified: true,
      isLoading: false,
      error: null,
    });
    expect(initialAuthState({ signedIn: 'false', emailVerified: 'true' }, true)).toMatchObject({
      isAuthenticated: false,
      emailVerified: false,
    });
  });

  it('falls back to the stored marker', () => {
    expect(initialAuthState({}, true)).toMatchObject({ isAuthenticated: true, emailVerified: false });
    expect(initialAuthState({}, false)).toMatchObject({ isAuthenticated: false });
  });
});

describe('auth actions', () => {
  let storage: MemoryStorage;

  beforeEach(() => {
    vi.resetModules();
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts from the marker when the page says nothing', async () => {
    storage.setItem('shop.signedIn', '1');
    const { $auth } = await import('./auth-store');
    expect($auth.get().isAuthenticated).toBe(true);
  });

  it('signIn stores the marker and the verified flag', async () => {
    const calls = stubApi({
      '/api/login': () =>
        json({ status: 'OK', message: 'Signed in successfully.', payload: { user: { email_verified: true } } }),
    });
    const { $auth, signIn } = await import('./auth-store');
    const result = await signIn('demo@example.com', 'Demo1234!');
    expect(result).toMatchObject({ ok: true, message: 'Signed in successfully.' });
    expect($auth.get()).toEqual({ isAuthenticated: true, emailVerified: true, isLoading: false, error: null });
    expect(storage.getItem('shop.signedIn')).toBe('1');
    const login = calls.find((c) => c.path === '/api/login')!;
    expect(JSON.parse(String(login.init.body))).toMatchObject({ username: 'demo@example.com', password: 'Demo1234!' });
  });

  it("signIn failure keeps the server's message, else the fallback", async () => {
    stubApi({
      '/api/login': () =>
        json(
          {
            status: 'ERROR',
            message: 'These credentials do not match our records.',
            errors: { username: ['These credentials do not match our records.'] },
          },
          422,
        ),
    });
    const { $auth, signIn } = await import('./auth-store');
    const result = await signIn('demo@example.com', 'wrong');
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      message: 'These credentials do not match our records.',
      errors: { username: 'These credentials do not match our records.' },
    });
    expect($auth.get()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      error: 'These credentials do not match our records.',
    });
    expect(storage.getItem('shop.signedIn')).toBeNull();

    stubApi({ '/api/login': () => new Response('', { status: 500 }) });
    expect((await signIn('a@b.co', 'x', { fallbackMessage: 'Authentifizierung fehlgeschlagen' })).message).toBe(
      'Authentifizierung fehlgeschlagen',
    );
  });

  it('register sends the fields and returns field errors', async () => {
    const calls = stubApi({
      '/api/register': () =>
        json(
          {
            status: 'ERROR',
            message: 'The given data was invalid.',
            errors: { email: ['The email has already been taken.'] },
          },
          422,
        ),
    });
    const { register } = await import('./auth-store');
    const fields = {
      name: 'Ada',
      surname: 'Lovelace',
      email: 'demo@example.com',
      phone: '+442079460958',
      phoneCountryCode: 'GB',
      nationalNumber: '2079460958',
      password: 'Engine123',
      passConfirm: 'Engine123',
    };
    const result = await register(fields);
    expect(result.errors).toEqual({ email: 'The email has already been taken.' });
    expect(JSON.parse(String(calls.find((c) => c.path === '/api/register')!.init.body))).toMatchObject(fields);
  });

  it('logout clears the marker, the state and every registered store even when the call fails', async () => {
    storage.setItem('shop.signedIn', '1');
    stubApi({ '/api/logout': () => json({ status: 'ERROR', message: '' }, 500) });
    const { $auth, logout, onSignedOut } = await import('./auth-store');
    const cleared: string[] = [];
    onSignedOut(() => cleared.push('profile'));
    onSignedOut(() => {
      throw new Error('broken store');
    });
    const stop = onSignedOut(() => cleared.push('cart'));
    const result = await logout();
    expect(result).toMatchObject({ ok: false, message: 'Logout failed' });
    expect(cleared).toEqual(['profile', 'cart']);
    expect(storage.getItem('shop.signedIn')).toBeNull();
    expect($auth.get()).toMatchObject({ isAuthenticated: false, emailVerified: false, isLoading: false });

    stop();
    stubApi({ '/api/logout': () => json({ status: 'OK', message: 'Logged out.' }) });
    expect(await logout()).toMatchObject({ ok: true, message: 'Logged out.' });
    expect(cleared).toEqual(['profile', 'cart', 'profile']);
  });

  it('checkAuth takes both flags from the server, or both false on failure', async () => {
    stubApi({ '/api/is-auth': () => json({ status: 'OK', authenticated: true, emailVerified: false }) });
    const { $auth, checkAuth } = await import('./auth-store');
    expect(await checkAuth()).toMatchObject({ isAuthenticated: true, emailVerified: false });
    expect(storage.getItem('shop.signedIn')).toBe('1');

    stubApi({ '/api/is-auth': () => json({ message: 'boom' }, 500) });
    await checkAuth();
    expect($auth.get()).toMatchObject({ isAuthenticated: false, emailVerified: false, isLoading: false });
  });

  it('resendVerification reports the server message or the fallback', async () => {
    stubApi({ '/api/email/verify/resend': () => json({ status: 'OK', message: 'Verification link sent.' }) });
    const { resendVerification } = await import('./auth-store');
    expect(await resendVerification()).toMatchObject({ ok: true, message: 'Verification link sent.' });
    stubApi({ '/api/email/verify/resend': () => json({}, 500) });
    expect(await resendVerification()).toMatchObject({ ok: false, message: 'Failed to send verification email' });
  });

  it('a 401 on a page for customers logs out locally once and goes to sign-in with the way back', async () => {
    storage.setItem('shop.signedIn', '1');
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/account', search: '?tab=orders', assign });
    // DefaultLayout marks /account as signed-in only.
    vi.stubGlobal('document', { cookie: '', documentElement: { dataset: { signedInOnly: '' } } });
    stubApi({
      '/api/user/profile': () => json({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' }, 401),
    });
    const { $auth, onSignedOut } = await import('./auth-store');
    const { api } = await import('@/stores/api');
    let clears = 0;
    onSignedOut(() => clears++);
    await expect(api.get('/user/profile')).rejects.toThrow('Unauthenticated.');
    await expect(api.get('/user/profile')).rejects.toThrow('Unauthenticated.');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/auth?form=signin&redirect=%2Faccount%3Ftab%3Dorders');
    expect(clears).toBe(1);
    expect($auth.get().isAuthenticated).toBe(false);
    expect(storage.getItem('shop.signedIn')).toBeNull();
  });

  it('a 401 on a page open to everyone (the cart) logs out locally and stays (issue 29)', async () => {
    storage.setItem('shop.signedIn', '1');
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/cart', search: '', assign });
    vi.stubGlobal('document', { cookie: '', documentElement: { dataset: {} } });
    stubApi({
      '/api/cart/contents': () => json({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' }, 401),
    });
    const { $auth, onSignedOut } = await import('./auth-store');
    const { api } = await import('@/stores/api');
    let clears = 0;
    onSignedOut(() => clears++);
    await expect(api.get('/cart/contents')).rejects.toThrow('Unauthenticated.');
    expect(assign).not.toHaveBeenCalled();
    expect(clears).toBe(1);
    expect($auth.get().isAuthenticated).toBe(false);
    expect(storage.getItem('shop.signedIn')).toBeNull();
  });
});
