// @ts-check
/** Timing of one page under concurrent connections, as bench/pages*.mjs measure it. */
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

export const CONNECTIONS = 10;

/** @param {number[]} sorted @param {number} p */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * One request at a time, `requests` times: what one signed-in person waits for (the back-office
 * list benches). p50/p95 in ms (one decimal), and the answers that were not 200.
 * @param {string} base @param {string} path @param {string} cookie @param {number} requests
 */
export async function sequentialTimes(base, path, cookie, requests) {
  /** @type {number[]} */
  const times = [];
  let errors = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { cookie, ...BROWSER_HEADERS } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) errors++;
  }
  times.sort((a, b) => a - b);
  const round = (/** @type {number} */ ms) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), requests: times.length, errors };
}

/** What every timed request sends, as a browser would. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

/**
 * The demo customer's cookies (session + XSRF), for timing pages rendered for a signed-in visitor.
 * @param {string} base
 * @param {string} [password] the published one unless the shop generated one (production seed)
 * @param {string} [email] another demo account (e.g. staff@example.com)
 */
export async function signInCookies(base, password = 'Demo1234!', email = 'demo@example.com') {
  /** @type {Map<string, string>} */
  const jar = new Map();
  const keep = (/** @type {Response} */ res) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`${email} sign-in answered ${res.status}: ${await res.text()}`);
  keep(res);
  return cookie();
}

/**
 * p50/p95 in ms, request count and failures (errors, timeouts, unexpected statuses).
 * @param {string} base @param {string} path @param {number} expected @param {number} durationS
 * @param {Record<string, string>} [headers] on top of BROWSER_HEADERS
 */
export async function serverTime(base, path, expected, durationS, headers = {}) {
  /** @type {number[]} */
  const latencies = [];
  let wrong = 0;
  const instance = autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: durationS,
    headers: { ...BROWSER_HEADERS, ...headers },
  });
  instance.on(
    'response',
    (/** @type {unknown} */ _c, /** @type {number} */ status, /** @type {number} */ _b, /** @type {number} */ time) => {
      latencies.push(time);
      if (status !== expected) wrong++;
    },
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const round = (/** @type {number} */ ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    requests: latencies.length,
    errors: result.errors + result.timeouts + wrong,
  };
}

/**
 * The back-office list benches' table rows: each case warmed once, then timed one request at a
 * time; `over` when a p95 passes the budget or a request failed.
 * @param {{ engine: string, base: string, cookie: string, requests: number, budgetMs: number }} run
 * @param {[string, string][]} cases name and path
 */
export async function timedRows(run, cases) {
  /** @type {string[]} */
  const rows = [];
  let over = false;
  for (const [name, path] of cases) {
    await (await fetch(`${run.base}${path}`, { headers: { cookie: run.cookie } })).arrayBuffer();
    const t = await sequentialTimes(run.base, path, run.cookie, run.requests);
    const ok = t.p95 < run.budgetMs && t.errors === 0;
    over ||= !ok;
    rows.push(
      `| ${run.engine} | ${name} | ${t.requests} | ${t.p50} ms | ${t.p95} ms | ${t.errors} | ${ok ? 'within' : 'OVER'} |`,
    );
    console.log(rows.at(-1));
  }
  return { rows, over };
}
