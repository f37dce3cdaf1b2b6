import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { requireVerified } from '@/server/api/auth-guards';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_FAILURE_LIMIT } from '@/server/api/auth.routes';
import { createRouter } from '@/server/api/env';
import { ok } from '@/server/api/envelope';
import { personalAccessTokens, sessions, users } from '@/server/db/schema/index';
import { sha256Hex } from '@/server/services/auth/crypto';
import { useTestDatabase } from '../helpers/db';
import { seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
api.route(
  '/api/verified-probe',
  createRouter().get('/', requireVerified(), (c) => ok(c, 'verified only')),
);

const PASSWORD = 'Trail-Runner-42';
let ann: { id: number; email: string };
let ben: { id: number; email: string };

beforeAll(async () => {
  const db = database().db;
  await seedAccountsFixture(db);
  ann = await createUser(db, { email: 'ann@example.com', password: PASSWORD, name: 'Ann' });
  ben = await createUser(db, { email: 'ben@example.com', password: PASSWORD, name: 'Ben', verified: false });
});

function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

async function sessionRows(userId?: number) {
  const db = database().db;
  const rows = await db.select().from(sessions);
  return userId === undefined ? rows : rows.filter((r) => r.userId === userId);
}

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 with a readable XSRF-TOKEN and an HttpOnly session cookie, both SameSite=Lax', async () => {
    const session = createApiSession(api);
    const res = await session.csrf();
    expect(res.status).toBe(204);
    const xsrf = setCookie(res, 'XSRF-TOKEN')!;
    const sid = setCookie(res, 'shop_session')!;
    expect(xsrf).toMatch(/SameSite=Lax/i);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/Path=\//);
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The table keeps only the hash of the cookie value.
    const value = session.cookies.get('shop_session')!;
    const rows = await sessionRows();
    expect(rows.some((r) => r.id === value)).toBe(false);
    const row = rows.find((r) => r.id === sha256Hex(value));
    expect(row).toMatchObject({ userId: null });
  });

  it('keeps the session and its token on a second call', async () => {
    const session = createApiSession(api);
    await session.csrf();
    const first = { sid: session.cookies.get('shop_session'), xsrf: session.xsrf };
    await session.csrf();
    expect(session.cookies.get('shop_session')).toBe(first.sid);
    expect(session.xsrf).toBe(first.xsrf);
  });
});

describe('CSRF protection of writes', () => {
  const subscribe = { email: 'csrf@example.com' };

  it('answers 419 "CSRF token mismatch." without the header', async () => {
    const session = createApiSession(api);
    await session.csrf();
    const res = await session.request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': '' },
      body: JSON.stringify(subscribe),
    });
    expect(res.status).toBe(419);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
  });

  it('answers 419 with a header that differs from the cookie', async () => {
    const session = createApiSession(api);
    await session.csrf();
    const res = await session.request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': `${session.xsrf}x` },
      body: JSON.stringify(subscribe),
    });
    expect(res.status).toBe(419);
  });

  it('answers 419 when header and cookie agree but were not issued to this session', async () => {
    const session = createApiSession(api);
    await session.csrf();
    session.cookies.set('XSRF-TOKEN', 'planted-token-planted-token-planted-00');
    const res = await session.request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscribe),
    });
    expect(res.status).toBe(419);
  });

  it('answers 419 without any session, even with matching header and cookie', async () => {
    const res = await api.request(
      '/api/newsletter/subscribe',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'abc', Cookie: 'XSRF-TOKEN=abc' },
        body: JSON.stringify(subscribe),
      },
      { clientAddress: '203.0.113.9' },
    );
    expect(res.status).toBe(419);
  });

  it('lets the write through with the issued token', async () => {
    const session = createApiSession(api);
    const { status, body } = await session.post('/api/newsletter/subscribe', subscribe);
    expect(status).toBe(200);
    expect(body.status).toBe('OK');
  });

  it('covers PUT and DELETE too, not only POST', async () => {
    const session = createApiSession(api);
    await session.signIn(ann.email, PASSWORD);
    const put = await session.request('/api/user/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'nope' },
      body: JSON.stringify({ name: 'X' }),
    });
    expect(put.status).toBe(419);
    const del = await session.request('/api/anything', { method: 'DELETE', headers: { 'X-XSRF-TOKEN': 'nope' } });
    expect(del.status).toBe(419);
  });
});

describe('POST /api/login and GET /api/is-auth', () => {
  it('reports a guest as not authenticated', async () => {
    const { status, body, res } = await createApiSession(api).get('/api/is-auth');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', authenticated: false, emailVerified: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('signs in, rotates the session id and drops the guest session', async () => {
    const session = createApiSession(api);
    await session.csrf();
    const guestCookie = session.cookies.get('shop_session')!;
    const guestXsrf = session.xsrf;
    const { status, body } = await session.signIn('  ANN@example.com ', PASSWORD);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'OK',
      message: 'Signed in successfully.',
      payload: { user: { id: ann.id, email: 'ann@example.com', name: 'Ann' } },
    });
    expect(body.payload.token).toBeUndefined();
    const signedInCookie = session.cookies.get('shop_session')!;
    expect(signedInCookie).not.toBe(guestCookie);
    expect(session.xsrf).not.toBe(guestXsrf);
    const rows = await sessionRows();
    expect(rows.find((r) => r.id === sha256Hex(guestCookie))).toBeUndefined();
    expect(rows.find((r) => r.id === sha256Hex(signedInCookie))).toMatchObject({ userId: ann.id });
    expect((await session.get('/api/is-auth')).body).toEqual({
      status: 'OK',
      authenticated: true,
      emailVerified: true,
    });
  });

  it('reports emailVerified false for an unverified account', async () => {
    const session = createApiSession(api);
    await session.signIn(ben.email, PASSWORD);
    expect((await session.get('/api/is-auth')).body).toEqual({
      status: 'OK',
      authenticated: true,
      emailVerified: false,
    });
  });

  it('answers one generic message for a wrong password and for an unknown address', async () => {
    const wrong = await createApiSession(api).signIn(ann.email, 'Wrong-Password-1');
    const unknown = await createApiSession(api).signIn('nobody@example.com', PASSWORD);
    const expected = {
      status: 'ERROR',
      code: 'validation_failed',
      message: 'These credentials do not match our records.',
      errors: { username: ['These credentials do not match our records.'] },
    };
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(expected);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(expected);
  });

  it('answers the credentials message in the request language', async () => {
    const session = createApiSession(api);
    const lang = (await session.get('/api/languages')).body.payload.find((l: { code: string }) => l.code === 'de').id;
    const { body } = await session.post('/api/login', { username: ann.email, password: 'nope', lang_id: lang });
    expect(body.message).toBe('Diese Zugangsdaten stimmen nicht mit unseren Daten überein.');
  });

  it.each([
    ['missing fields', {}],
    ['an empty password', { username: 'ann@example.com', password: '' }],
    ['wrong types', { username: 42, password: ['x'] }],
  ])('answers 422 "Email and password are required" for %s', async (_name, input) => {
    const { status, body } = await createApiSession(api).post('/api/login', input);
    expect(status).toBe(422);
    expect(body.message).toBe('Email and password are required');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  });

  it('rejects an overlong username and a non-object body', async () => {
    const long = await createApiSession(api).post('/api/login', { username: `${'a'.repeat(300)}@x.io`, password: 'x' });
    expect(long.status).toBe(422);
    expect(long.body.errors.username).toBeDefined();
    const array = await createApiSession(api).post('/api/login', '[1,2]');
    expect(array.status).toBe(400);
  });

  it(`answers 429 with Retry-After after ${LOGIN_FAILURE_LIMIT.limit} failures per account and address`, async () => {
    const email = 'limited@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const session = createApiSession(api, { clientAddress: '192.0.2.77' });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      expect((await session.signIn(email, `Wrong-${i}-Password`)).status).toBe(422);
    }
    // Even the right password waits now.
    const blocked = await session.signIn(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT.windowSeconds);
    expect(blocked.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Another address, and another account from this address, are not affected.
    expect((await createApiSession(api, { clientAddress: '192.0.2.78' }).signIn(email, PASSWORD)).status).toBe(200);
    expect((await session.signIn(ann.email, PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the failure count', async () => {
    const email = 'forgetful@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const session = createApiSession(api, { clientAddress: '192.0.2.90' });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit - 1; i++) await session.signIn(email, 'Wrong-Password-9');
    expect((await session.signIn(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit - 1; i++) await session.signIn(email, 'Wrong-Password-9');
    expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  });
});

describe('sign-in limits under concurrency (ADR 009)', () => {
  it(`40 parallel wrong passwords for one account from one address get at most ${LOGIN_FAILURE_LIMIT.limit} password checks`, async () => {
    const email = 'parallel@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const session = createApiSession(api, { clientAddress: '203.0.113.40' });
    await session.csrf();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => session.signIn(email, `Wrong-${i}-Password`)),
    );
    const statuses = replies.map((r) => r.status);
    // A 422 is an answer after a password check; everything else must be a 429 before one.
    expect(statuses.filter((s) => s === 422)).toHaveLength(LOGIN_FAILURE_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_FAILURE_LIMIT.limit);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(Number(reply.res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // And the right password waits too.
    expect((await session.signIn(email, PASSWORD)).status).toBe(429);
  });

  it(`caps failures per account across addresses at ${LOGIN_ACCOUNT_LIMIT.limit} per ${LOGIN_ACCOUNT_LIMIT.windowSeconds / 60} minutes`, async () => {
    const email = 'spread@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const guesses = Array.from({ length: 30 }, (_, i) =>
      createApiSession(api, { clientAddress: `203.0.113.${100 + i}` }),
    );
    await Promise.all(guesses.map((s) => s.csrf()));
    const replies = await Promise.all(guesses.map((s, i) => s.signIn(email, `Guess-${i}-Password`)));
    expect(replies.filter((r) => r.status === 422)).toHaveLength(LOGIN_ACCOUNT_LIMIT.limit);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(30 - LOGIN_ACCOUNT_LIMIT.limit);
    for (const reply of limited) {
      const retryAfter = Number(reply.res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_ACCOUNT_LIMIT.windowSeconds);
      expect(reply.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
    // A fresh address gets no password check for this account either...
    expect((await createApiSession(api, { clientAddress: '203.0.113.250' }).signIn(email, PASSWORD)).status).toBe(429);
    // ...while other accounts are not affected.
    expect((await createApiSession(api, { clientAddress: '203.0.113.101' }).signIn(ann.email, PASSWORD)).status).toBe(
      200,
    );
  });

  it("a success gives back only its own reservation of the account's count", async () => {
    const email = 'owner@example.com';
    await createUser(database().db, { email, password: PASSWORD });
    const from = (i: number) => createApiSession(api, { clientAddress: `203.0.113.${200 + i}` });
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT.limit - 1; i++)
      expect((await from(i % 40).signIn(email, 'Wrong-Password-1')).status).toBe(422);
    // The owner signs in from elsewhere: that attempt is not a failure...
    expect((await from(45).signIn(email, PASSWORD)).status).toBe(200);
    // ...but the guesses before it still count: one more failure is allowed, then 429.
    expect((await from(46).signIn(email, 'Wrong-Password-2')).status).toBe(422);
    expect((await from(47).signIn(email, 'Wrong-Password-3')).status).toBe(429);
  });
});

describe('sliding session expiry', () => {
  it('an active session moves its expiry on and re-sends the cookies to match', async () => {
    const session = createApiSession(api);
    await session.signIn(ann.email, PASSWORD);
    const id = sha256Hex(session.cookies.get('shop_session')!);
    const db = database().db;
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.id, id));
    const { res } = await session.get('/api/is-auth');
    const sid = setCookie(res, 'shop_session');
    expect(sid).toMatch(/HttpOnly/i);
    const expires = new Date(/Expires=([^;]+)/i.exec(sid!)![1]!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(setCookie(res, 'XSRF-TOKEN')).toContain(session.xsrf!);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // Within five minutes of the last visit nothing is written or re-sent.
    const quiet = await session.get('/api/is-auth');
    expect(setCookie(quiet.res, 'shop_session')).toBeUndefined();
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const session = createApiSession(api);
    await session.signIn(ann.email, PASSWORD);
    const cookie = session.cookies.get('shop_session')!;
    const { status, body, res } = await session.post('/api/logout');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', payload: null, message: 'Logged out.' });
    expect(setCookie(res, 'shop_session')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionRows().then((rows) => rows.find((r) => r.id === sha256Hex(cookie)))).toBeUndefined();
    // Replaying the old cookie by hand.
    const replay = await api.request('/api/is-auth', { headers: { Cookie: `shop_session=${cookie}` } });
    expect(await replay.json()).toEqual({ status: 'OK', authenticated: false, emailVerified: false });
    const profile = await api.request('/api/user/profile', { headers: { Cookie: `shop_session=${cookie}` } });
    expect(profile.status).toBe(401);
  });

  it('answers OK for a visitor who is not signed in', async () => {
    const { status, body } = await createApiSession(api).post('/api/logout');
    expect(status).toBe(200);
    expect(body.message).toBe('Logged out.');
  });
});

describe('401 and 403 bodies', () => {
  it('answers the spec\'s {"message":"Unauthenticated."} with its code to a guest', async () => {
    const res = await api.request('/api/user/profile');
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('{"status":"ERROR","code":"unauthenticated","message":"Unauthenticated."}');
  });

  it('answers the spec\'s {"message":"Your email address is not verified."} with its code where verification is required', async () => {
    const session = createApiSession(api);
    await session.signIn(ben.email, PASSWORD);
    const res = await session.request('/api/verified-probe');
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(
      '{"status":"ERROR","code":"email_not_verified","message":"Your email address is not verified."}',
    );
    const verified = createApiSession(api);
    await verified.signIn(ann.email, PASSWORD);
    expect((await verified.get('/api/verified-probe')).body.payload).toBe('verified only');
  });
});

describe('personal access tokens (API clients)', () => {
  it('login with device_name returns a token and no cookies; the token works without CSRF', async () => {
    const res = await api.request(
      '/api/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: ann.email, password: PASSWORD, device_name: 'pos-terminal' }),
      },
      { clientAddress: '203.0.113.50' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const body = await res.json();
    const token: string = body.payload.token;
    expect(token).toMatch(/^\d+\|[\w-]{43}$/);
    const [stored] = await database()
      .db.select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, Number(token.split('|')[0])));
    expect(stored).toMatchObject({ userId: ann.id, name: 'pos-terminal' });
    expect(stored!.tokenHash).toBe(sha256Hex(token.split('|')[1]!));

    const auth = { Authorization: `Bearer ${token}` };
    const profile = await api.request('/api/user/profile', { headers: auth });
    expect((await profile.json()).payload.email).toBe('ann@example.com');
    const isAuth = await api.request('/api/is-auth', { headers: auth });
    expect(await isAuth.json()).toEqual({ status: 'OK', authenticated: true, emailVerified: true });

    // A write with the bearer needs no XSRF header; logout revokes the token.
    const logout = await api.request('/api/logout', { method: 'POST', headers: auth });
    expect(logout.status).toBe(200);
    const after = await api.request('/api/user/profile', { headers: auth });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it('a wrong or malformed bearer token is a 401, never a silent guest', async () => {
    for (const value of ['Bearer 1|not-a-real-token-not-a-real-token-xx', 'Bearer garbage', 'Basic abc']) {
      const res = await api.request('/api/is-auth', { headers: { Authorization: value } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
    }
  });
});

describe('secrets at rest', () => {
  it('keeps passwords as argon2id hashes only', async () => {
    const rows = await database().db.select({ hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.hash).toMatch(/^\$argon2id\$/);
      expect(row.hash).not.toContain(PASSWORD);
    }
  });
});
