/**
 * A browser-like client of a running shop process (tests/helpers/server.ts): keeps cookies and
 * sends the X-XSRF-TOKEN header on writes, like the shop's own front end.
 */
export interface ShopAnswer {
  status: number;
  headers: Headers;
  body: string;
  json(): any;
}

export interface ShopClient {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ShopAnswer>;
  /** csrf-cookie + login; throws unless the sign-in answered 200. */
  signIn(email: string, password: string): Promise<void>;
}

export function shopClient(base: string): ShopClient {
  const jar = new Map<string, string>();
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ShopAnswer> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
  }
  return {
    call,
    async signIn(email, password) {
      await call('GET', '/sanctum/csrf-cookie');
      const login = await call('POST', '/api/login', { username: email, password });
      if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${login.body}`);
    },
  };
}
