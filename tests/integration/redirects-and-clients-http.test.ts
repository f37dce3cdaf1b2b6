/**
 * Issue 13 through the real server (`npm start`, demo data, real HTTP):
 * - every redirect value of the shared hostile table (tests/helpers/hostile-redirects.ts) sent to
 *   the no-JavaScript locale switch, the sign-in page and the email verification page never
 *   leaves the site (the one check in src/lib/redirect.ts); `/locale?redirect=/%09/evil.example`
 *   answered `Location: /\t/evil.example` and `/%0a/x` a 500;
 * - a bearer-token client's POST without a body and without Origin gets the API's JSON answer
 *   (Astro's checkOrigin answered 403 "Cross-site POST form submissions are forbidden"), while a
 *   cookie session still needs its X-XSRF-TOKEN.
 * Both engines (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../helpers/demo-server';
import { HOSTILE_REDIRECTS, SAFE_REDIRECTS } from '../helpers/hostile-redirects';
import { cleanupServers } from '../helpers/server';
import { type ApiSession, createHttpSession, signedIn } from '../helpers/session';

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };

let base: string;
let drop: () => Promise<void> = async () => {};
let customer: ApiSession;

beforeAll(async () => {
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }));
  customer = await signedIn(createHttpSession(base), DEMO);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { redirect: 'manual', headers });
}

/** NUL in the query is refused by the page gate (400) before any redirect is chosen. */
const hasNul = (value: string) => value.includes('\u0000');

describe('the no-JavaScript locale switch only redirects within the site', () => {
  it('answers the review’s two addresses with a redirect home', async () => {
    for (const path of [
      '/locale?redirect=/%09/evil.example',
      '/locale?redirect=/%0a/x',
      '/locale?redirect=/%0d%0aSet-Cookie:%20a=b',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe('/');
      expect(res.headers.getSetCookie().join('\n'), path).not.toMatch(/\ba=b/);
    }
  });

  it.each(HOSTILE_REDIRECTS.map((c) => [c.name, c.value]))('sends %s home', async (_, value) => {
    const res = await get(`/locale?currency=USD&redirect=${encodeURIComponent(value)}`);
    if (hasNul(value)) {
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      return;
    }
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    // The choice itself is still stored.
    expect(res.headers.getSetCookie().join('\n')).toMatch(/currency=USD/);
  });

  it.each(SAFE_REDIRECTS.map((path) => [path.slice(0, 50), path]))(
    'returns to the same-site path %s',
    async (_, path) => {
      const res = await get(`/locale?redirect=${encodeURIComponent(path)}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(path);
    },
  );
});

describe('sign-in and email verification use the same check', () => {
  it.each(HOSTILE_REDIRECTS.filter((c) => !hasNul(c.value)).map((c) => [c.name, c.value]))(
    'the sign-in form returns to /account for %s',
    async (_, value) => {
      const res = await get(`/auth?form=signin&redirect=${encodeURIComponent(value)}`, { Accept: 'text/html' });
      expect(res.status).toBe(200);
      // The island's prop (SignInForm goes there after sign-in, through the same check).
      expect(await res.text()).toContain('redirect&quot;:[0,&quot;/account&quot;]');
    },
  );

  it('the sign-in form keeps a same-site redirect', async () => {
    const res = await get(`/auth?form=signin&redirect=${encodeURIComponent('/cart?step=2')}`, { Accept: 'text/html' });
    expect(await res.text()).toContain('redirect&quot;:[0,&quot;/cart?step=2&quot;]');
  });

  it.each(HOSTILE_REDIRECTS.filter((c) => !hasNul(c.value)).map((c) => [c.name, c.value]))(
    'a verified customer on /email-verification goes to /account for %s',
    async (_, value) => {
      const res = await customer.request(`/email-verification?redirect=${encodeURIComponent(value)}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/account');
    },
  );
});

describe('API clients with a bearer token', () => {
  async function token(): Promise<string> {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.email, password: DEMO.password, device_name: 'issue-13-script' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { payload: { token: string } }).payload.token;
  }

  /** No body, no Content-Type, no Origin: what curl -X POST sends. */
  function post(path: string, bearer: string): Promise<Response> {
    return fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}` } });
  }

  it('POST without a body gets the usual JSON answers', async () => {
    const bearer = await token();
    const cleared = await post('/api/cart/clear', bearer);
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    expect(cleared.headers.get('content-type')).toMatch(/application\/json/);
    expect(await cleared.json()).toMatchObject({ status: 'OK', payload: [] });

    const resend = await post('/api/email/verify/resend', bearer);
    expect(resend.status).toBe(200);
    expect(await resend.json()).toMatchObject({ status: 'OK', message: 'Your email address is already verified.' });

    const logout = await post('/api/logout', bearer);
    expect(logout.status).toBe(200);
    expect(await logout.json()).toMatchObject({ status: 'OK' });
    // The token is revoked: the next call is a 401 in JSON, not a 403 in text.
    const after = await post('/api/cart/clear', bearer);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it('a cookie session still needs X-XSRF-TOKEN for the same POSTs', async () => {
    const cookie = [...customer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const attempts: Record<string, string>[] = [
      { Cookie: cookie },
      { Cookie: cookie, 'X-XSRF-TOKEN': 'wrong' },
      { Cookie: cookie, Origin: base },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${base}/api/cart/clear`, { method: 'POST', headers });
      expect(res.status).toBe(419);
      expect(await res.json()).toEqual({ status: 'ERROR', code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
    }
    const ok = await customer.post('/api/cart/clear');
    expect(ok.status).toBe(200);
  });
});
