// @ts-check
/**
 * A realistic shopping mix on loopback, shared by bench/load.mjs and tests/resilience/*: each
 * connection is one virtual shopper with its own keep-alive socket and cookie jar (session and
 * XSRF cookies, as a browser), repeating a visit until the time is up:
 *
 *   list page, product page, search (API), second product page, sign in (csrf-cookie + login),
 *   add to cart (one in ten visits also a scarce product), calculate totals, check out by phone
 *   with the total seen and an Idempotency-Key; after a refused checkout the cart is cleared.
 *
 * Every visit signs in as the shopper's next customer (customers are split between shoppers, so
 * no two shoppers share a cart). Every response is recorded by request kind: status, latency.
 * Requests that get no answer within `requestTimeoutMs` count as timeouts (a hang).
 */
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What each kind may answer without being a failure of the shop. */
export const EXPECTED = /** @type {Record<string, number[]>} */ ({
  'list page': [200],
  'product page': [200],
  search: [200],
  'sign in': [200, 204],
  'add to cart': [200],
  totals: [200],
  // 409: the scarce product sold out between the totals and the checkout; 422: the cart was
  // emptied by that (nothing left to buy).
  checkout: [200, 409, 422],
  'clear cart': [200],
});

const SEARCHES = [
  'tent',
  'jacket',
  'keyboard',
  'headlamp',
  'backpack',
  'monitor',
  'shoes',
  'bottle',
  'mouse',
  'sleeping bag',
];

/**
 * Settings of a shop under the load mix: its shoppers come from one address (rate limits) and
 * place phone orders nobody pays, so the unpaid-order caps would turn most checkouts into 409
 * after a few visits and measure themselves too.
 */
export const LOAD_SHOP_ENV = {
  RATE_LIMIT_MULTIPLIER: '1000',
  UNPAID_ORDERS_PER_CUSTOMER: '1000',
  UNPAID_UNITS_PER_CUSTOMER: '100000',
};

export const SHIPPING = {
  name: 'Load',
  surname: 'Shopper',
  email: 'shopper@load.example.com',
  phone: '+49 1512 3456789',
  phoneCountryCode: 'DE',
  nationalNumber: '15123456789',
  country: 'Germany',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postCode: '10117',
  promoCode: null,
};

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, ms: number }} Answer
 * @typedef {{ latencies: number[], statuses: Record<string, number>, timeouts: number, errors: number, samples: Record<string, string> }} KindStats
 * @typedef {{
 *   bases: string[], connections: number, durationMs: number,
 *   customers: string[], password: string, products: number[], scarce: number[],
 *   productPaths: string[], requestTimeoutMs?: number,
 *   onAnswer?: (kind: string, answer: Answer | null, error?: Error) => void,
 *   signal?: AbortSignal,
 * }} LoadOptions
 */

/**
 * Product page paths the list pages link to (the mix browses these).
 * @param {string} base
 */
export async function discoverProductPaths(base) {
  /** @type {Set<string>} */
  const paths = new Set();
  for (const page of [1, 2, 3]) {
    const response = await fetch(`${base}/products/all/all?page=${page}`);
    for (const match of (await response.text()).matchAll(/href="(\/products\/[^/"]+\/[^/"]+\/\d+)"/g))
      paths.add(match[1] ?? '');
  }
  paths.delete('');
  if (paths.size === 0) throw new Error(`no product links on ${base}/products/all/all`);
  return [...paths];
}

/**
 * The body as text (answers may be brotli or gzip compressed).
 * @param {Answer} answer
 */
export function plain(answer) {
  const encoding = answer.headers['content-encoding'];
  const body =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return body.toString('utf8');
}

/** @param {number[]} sorted ascending @param {number} p 0..100 */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * @param {LoadOptions} options
 * @returns {Promise<{ kinds: Record<string, KindStats>, okOrderNrs: string[], seconds: number, requests: number }>}
 */
export async function runLoad(options) {
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  /** @type {Record<string, KindStats>} */
  const kinds = {};
  /** @type {string[]} */
  const okOrderNrs = [];
  const started = performance.now();
  const deadline = Date.now() + options.durationMs;
  /** Time is up, or the caller stopped the run (e.g. after killing the shop). */
  const over = () => Date.now() >= deadline || options.signal?.aborted === true;

  /** @param {string} kind */
  const stats = (kind) => (kinds[kind] ??= { latencies: [], statuses: {}, timeouts: 0, errors: 0, samples: {} });

  /** @param {number} shopper */
  async function shopperLoop(shopper) {
    const base = new URL(options.bases[shopper % options.bases.length] ?? '');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    /** @type {Map<string, string>} */
    let jar = new Map();
    const mine = options.customers.filter((_, i) => i % options.connections === shopper);
    if (mine.length === 0)
      throw new Error(`shopper ${shopper} has no customer: give at least as many customers as connections`);
    let visit = 0;

    /**
     * @param {string} kind @param {string} method @param {string} path @param {unknown} [body]
     * @param {Record<string, string>} [extra]
     * @returns {Promise<Answer | null>}
     */
    function send(kind, method, path, body, extra = {}) {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      /** @type {Record<string, string>} */
      const headers = {
        accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
        'accept-encoding': 'br, gzip',
        ...extra,
      };
      if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const xsrf = jar.get('XSRF-TOKEN');
      if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(payload.length);
      }
      const t0 = performance.now();
      return new Promise((resolve) => {
        const req = request({ host: base.hostname, port: base.port, path, method, headers, agent }, (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const answer = {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - t0,
            };
            for (const line of res.headers['set-cookie'] ?? []) {
              const pair = line.split(';')[0] ?? '';
              const name = pair.slice(0, pair.indexOf('='));
              const value = pair.slice(pair.indexOf('=') + 1);
              if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
              else jar.set(name, value);
            }
            const s = stats(kind);
            s.latencies.push(answer.ms);
            s.statuses[answer.status] = (s.statuses[answer.status] ?? 0) + 1;
            if (!(EXPECTED[kind] ?? [200]).includes(answer.status))
              s.samples[answer.status] ??= `${method} ${path}: ${plain(answer).slice(0, 300)}`;
            options.onAnswer?.(kind, answer);
            resolve(answer);
          });
          res.on('error', fail);
        });
        /** @param {Error} error */
        function fail(error) {
          const s = stats(kind);
          if (error.message === 'timeout') s.timeouts++;
          else s.errors++;
          s.samples[error.message] ??= `${method} ${path}`;
          options.onAnswer?.(kind, null, error);
          resolve(null);
        }
        req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
        req.on('error', fail);
        req.end(payload);
      });
    }

    const json = (/** @type {Answer | null} */ a) => {
      try {
        return a ? JSON.parse(a.body.toString('utf8')) : null;
      } catch {
        return null;
      }
    };
    const pick = (/** @type {any[]} */ list) => list[Math.floor(Math.random() * list.length)];
    /** After a refused sign-in the visit ends; a 503 asks to come back later (Retry-After, at most 1 s here). */
    const backOff = (/** @type {Answer | null} */ a) =>
      a?.status === 503
        ? new Promise((r) => setTimeout(r, Math.min(1_000, Number(a.headers['retry-after'] ?? 1) * 1_000)))
        : undefined;

    while (!over()) {
      visit++;
      const email = mine[visit % mine.length] ?? '';
      jar = new Map();
      await send('list page', 'GET', `/products/all/all?page=${1 + (visit % 3)}`);
      await send('product page', 'GET', pick(options.productPaths));
      await send('search', 'GET', `/api/products/catalog?search=${encodeURIComponent(pick(SEARCHES))}&page=1`);
      await send('product page', 'GET', pick(options.productPaths));
      if (over()) break;
      const csrf = await send('sign in', 'GET', '/sanctum/csrf-cookie');
      if (csrf?.status !== 204) {
        await backOff(csrf);
        continue;
      }
      const login = await send('sign in', 'POST', '/api/login', { username: email, password: options.password });
      if (login?.status !== 200) {
        await backOff(login);
        continue;
      }
      await send('add to cart', 'POST', '/api/cart/add', { id: pick(options.products), count: 1 + (visit % 2) });
      if (visit % 10 === 0 && options.scarce.length > 0)
        await send('add to cart', 'POST', '/api/cart/add', { id: pick(options.scarce), count: 1 });
      const totals = json(await send('totals', 'POST', '/api/cart/calculate-totals', { ...SHIPPING, cart_items: [] }));
      const expected = totals?.converted?.final_amount;
      const checkout = await send(
        'checkout',
        'POST',
        '/api/orders/checkout',
        { ...SHIPPING, payment_method: 'phone', ...(typeof expected === 'number' ? { expected_total: expected } : {}) },
        { 'idempotency-key': `load-${shopper}-${visit}-${Math.random().toString(36).slice(2, 10)}` },
      );
      const placed = json(checkout);
      if (checkout?.status === 200 && placed?.status === 'OK') okOrderNrs.push(placed.order_data.order_nr);
      else if (checkout?.status === 503) await backOff(checkout);
      else if (checkout && checkout.status !== 200) await send('clear cart', 'POST', '/api/cart/clear', {});
    }
    agent.destroy();
  }

  await Promise.all(Array.from({ length: options.connections }, (_, i) => shopperLoop(i)));
  for (const s of Object.values(kinds)) s.latencies.sort((a, b) => a - b);
  const requests = Object.values(kinds).reduce((sum, s) => sum + s.latencies.length + s.timeouts + s.errors, 0);
  return { kinds, okOrderNrs, seconds: (performance.now() - started) / 1000, requests };
}

/**
 * The verdict of a run: 5xx, unexpected statuses, timeouts and socket errors per kind.
 * @param {Record<string, KindStats>} kinds
 * @param {{ allow?: number[] }} [options] statuses allowed on top of EXPECTED (e.g. 503 during an outage)
 */
export function unexpectedAnswers(kinds, options = {}) {
  /** @type {string[]} */
  const problems = [];
  for (const [kind, s] of Object.entries(kinds)) {
    for (const [status, count] of Object.entries(s.statuses)) {
      const code = Number(status);
      if ((EXPECTED[kind] ?? [200]).includes(code) || options.allow?.includes(code)) continue;
      problems.push(`${kind}: ${count} × ${status} (${(s.samples[status] ?? '').slice(0, 200)})`);
    }
    if (s.timeouts > 0) problems.push(`${kind}: ${s.timeouts} timeouts`);
    if (s.errors > 0)
      problems.push(
        `${kind}: ${s.errors} connection errors (${Object.keys(s.samples)
          .filter((k) => !/^\d+$/.test(k))
          .join('; ')})`,
      );
  }
  return problems;
}

/**
 * What must hold after a run (snapshots of bench/lib/load-data.ts loadSnapshot): every unit sold
 * since `before` left the shelf once (stock fell by exactly the units in the new orders), no
 * order lacks items or a payment, every checkout the shop answered OK for is an order, and no
 * order exists that no shopper was told about. Returns the broken rules (empty: consistent).
 * @param {{ stock: Record<number, number> }} before
 * @param {{ stock: Record<number, number>, sold: Record<number, number>, incompleteOrders: number, orderNrsSince: string[] }} after
 * @param {string[]} okOrderNrs @param {number[]} productIds
 */
export function consistencyProblems(before, after, okOrderNrs, productIds) {
  /** @type {string[]} */
  const problems = [];
  for (const id of productIds) {
    const decrease = (before.stock[id] ?? 0) - (after.stock[id] ?? 0);
    const sold = after.sold[id] ?? 0;
    if (decrease !== sold) problems.push(`product ${id}: stock fell by ${decrease} but ${sold} units were sold`);
  }
  if (after.incompleteOrders !== 0) problems.push(`${after.incompleteOrders} orders without items or payment`);
  const stored = new Set(after.orderNrsSince);
  const missing = okOrderNrs.filter((nr) => !stored.has(nr));
  if (missing.length > 0)
    problems.push(`${missing.length} orders answered OK are missing: ${missing.slice(0, 5).join(', ')}`);
  const told = new Set(okOrderNrs);
  const unknown = after.orderNrsSince.filter((nr) => !told.has(nr));
  if (unknown.length > 0)
    problems.push(`${unknown.length} orders no shopper was answered OK for: ${unknown.slice(0, 5).join(', ')}`);
  return problems;
}
