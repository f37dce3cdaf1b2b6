/**
 * A browser-like API caller for tests: keeps cookies, fetches the XSRF cookie before the first
 * write and sends it back as X-XSRF-TOKEN, as the shop's own api client does. Works against
 * `createApi()` in process (`app.request`) or a running server (`fetch`).
 */
import { hashPassword } from '@/server/services/auth/passwords';
import { users } from '@/server/db/schema/index';
import type { Db } from '@/server/db/client';

export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

export interface JsonReply {
  res: Response;
  status: number;
  body: any;
}

export interface ApiSession {
  request(path: string, init?: RequestInit): Promise<Response>;
  get(path: string): Promise<JsonReply>;
  post(path: string, body?: unknown): Promise<JsonReply>;
  put(path: string, body?: unknown): Promise<JsonReply>;
  delete(path: string): Promise<JsonReply>;
  /** GET /sanctum/csrf-cookie. */
  csrf(): Promise<Response>;
  signIn(email: string, password: string): Promise<JsonReply>;
  readonly cookies: Map<string, string>;
  readonly xsrf: string | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Keeps the jar in step with Set-Cookie: a past expiry or Max-Age=0 deletes. */
function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key, v] = a.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (key?.toLowerCase() === 'expires') return new Date(v ?? '').getTime() <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function createSession(fetcher: Fetcher): ApiSession {
  const jar = new Map<string, string>();

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0 && !headers.has('Cookie')) {
      headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const xsrf = jar.get('XSRF-TOKEN');
    if (WRITES.has(method) && xsrf && !headers.has('X-XSRF-TOKEN'))
      headers.set('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    const res = await fetcher(path, { ...init, headers, redirect: 'manual' });
    storeCookies(jar, res);
    return res;
  }

  async function json(method: string, path: string, body?: unknown): Promise<JsonReply> {
    if (WRITES.has(method) && !jar.has('XSRF-TOKEN')) await session.csrf();
    const res = await request(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { res, status: res.status, body: parsed };
  }

  const session: ApiSession = {
    request,
    get: (path) => json('GET', path),
    post: (path, body) => json('POST', path, body ?? {}),
    put: (path, body) => json('PUT', path, body ?? {}),
    delete: (path) => json('DELETE', path),
    csrf: () => request('/sanctum/csrf-cookie'),
    signIn: (email, password) => json('POST', '/api/login', { username: email, password }),
    cookies: jar,
    get xsrf() {
      return jar.get('XSRF-TOKEN');
    },
  };
  return session;
}

interface InProcessApi {
  request(path: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}

/** Against `createApi()`; each session may have its own client address (rate limits count per address). */
export function createApiSession(api: InProcessApi, options: { clientAddress?: string } = {}): ApiSession {
  const clientAddress = options.clientAddress ?? `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  return createSession(async (path, init) => api.request(path, init, { clientAddress }));
}

/** Against a running server at baseUrl. */
export function createHttpSession(baseUrl: string): ApiSession {
  return createSession((path, init) => fetch(new URL(path, baseUrl), init));
}

/** Over any fetcher (a proxy that rewrites answers, say). */
export function createFetcherSession(fetcher: Fetcher): ApiSession {
  return createSession(fetcher);
}

export interface NewUser {
  email: string;
  password: string;
  name?: string;
  surname?: string;
  verified?: boolean;
  languageId?: number | null;
}

/** Inserts a customer directly (argon2id hash), as e2e and integration set-ups need. */
export async function createUser(db: Db, user: NewUser): Promise<{ id: number; email: string }> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      name: user.name ?? 'Test',
      surname: user.surname ?? 'Customer',
      passwordHash: await hashPassword(user.password),
      emailVerifiedAt: user.verified === false ? null : new Date(),
      languageId: user.languageId ?? null,
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** A session on `api` that already holds the XSRF cookie: for tests of other things than CSRF. */
export async function csrfSession(api: InProcessApi): Promise<ApiSession> {
  const session = createApiSession(api);
  await session.csrf();
  return session;
}

/** `session` signed in as `account` (fails the set-up with the answer when sign-in does not succeed). */
export async function signedIn(session: ApiSession, account: { email: string; password: string }): Promise<ApiSession> {
  const reply = await session.signIn(account.email, account.password);
  if (reply.status !== 200)
    throw new Error(`sign-in as ${account.email} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return session;
}
