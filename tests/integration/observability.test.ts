import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerTarget, testEngine } from '../helpers/db';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  type Started,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from '../helpers/server';

/**
 * Metrics and traces of a real shop process (docs/deployment.md "Metrics and traces"): /metrics
 * only with its token, values that move with traffic, and spans at an OTLP/HTTP collector (a
 * fake one here, that keeps what it receives).
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** An OTLP/HTTP collector: POST /v1/traces with the JSON encoding the SDK's exporter sends. */
function fakeCollector(): Promise<{ server: Server; url: string; spans: OtlpSpan[]; paths: string[] }> {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      res.setHeader('Content-Type', 'application/json');
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths }),
    ),
  );
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** The value of one sample line of the Prometheus text, 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const matches = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

let target: Awaited<ReturnType<typeof demoServerTarget>>;
let collector: Awaited<ReturnType<typeof fakeCollector>>;
let shop: Started;

beforeAll(async () => {
  await ensureBuilt();
  target = await demoServerTarget(tempDir());
  collector = await fakeCollector();
  shop = startServer({
    ...target.env,
    PORT: String(await freePort()),
    METRICS_TOKEN: TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_SERVICE_NAME: 'gear-shop-test',
  });
  await waitReady(shop, 120_000);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await new Promise((resolve) => collector?.server.close(resolve));
  await target?.drop();
});

const metrics = async (auth = `Bearer ${TOKEN}`) => get(shop.port, '/metrics', { Authorization: auth });

describe(`/metrics of a shop on ${testEngine()}`, () => {
  it('is a 404 without the token or with a wrong one', async () => {
    expect((await get(shop.port, '/metrics')).status).toBe(404);
    expect((await metrics(`Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await metrics(TOKEN)).status).toBe(404);
  });

  it('counts requests by route pattern, statements, cache lookups, and reports the shop state', async () => {
    const before = (await metrics()).body.toString();
    const route = { method: 'GET', route: '/', status: '200' };
    for (let i = 0; i < 3; i++) expect((await get(shop.port, '/')).status).toBe(200);
    expect((await get(shop.port, '/api/products/catalog?per_page=2')).status).toBe(200);
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.body.toString();

    expect(sample(after, 'shop_http_requests_total', route) - sample(before, 'shop_http_requests_total', route)).toBe(
      3,
    );
    expect(
      sample(after, 'shop_http_request_duration_seconds_count', route) -
        sample(before, 'shop_http_request_duration_seconds_count', route),
    ).toBe(3);
    const api = { route: '/api/products/catalog', status: '200' };
    expect(sample(after, 'shop_http_requests_total', api)).toBe(sample(before, 'shop_http_requests_total', api) + 1);
    // The guest page cache answered the second and third home page.
    const hits = { cache: 'page', result: 'hit' };
    expect(sample(after, 'shop_cache_lookups_total', hits) - sample(before, 'shop_cache_lookups_total', hits)).toBe(2);
    const engine = { engine: testEngine(), result: 'ok' };
    expect(sample(after, 'shop_db_query_duration_seconds_count', engine)).toBeGreaterThan(
      sample(before, 'shop_db_query_duration_seconds_count', engine),
    );
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(after).toMatch(/^shop_mail_outbox\{state="queued"\} \d+$/m);
    expect(after).toMatch(/^shop_payments\{status="succeeded"\} \d+$/m);
    if (testEngine() === 'postgres')
      expect(sample(after, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    // A page address is never a label: only patterns.
    expect(after).not.toMatch(/route="\/products\/[a-z0-9-]+"/);
  });

  it('answers liveness and readiness separately', async () => {
    const live = await get(shop.port, '/api/health/live');
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body.toString()).payload).toEqual({ status: 'alive' });
    expect((await get(shop.port, '/api/health')).status).toBe(200);
  });
});

describe('traces at the OTLP collector', () => {
  it('get a server span per request with its request id, and database spans beneath it', async () => {
    const requestId = `trace-test-${Date.now()}`;
    expect((await get(shop.port, '/api/health', { 'X-Request-Id': requestId })).status).toBe(200);
    const deadline = Date.now() + 30_000;
    let server: OtlpSpan | undefined;
    while (!server && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      server = collector.spans.find((s) => attr(s, 'request.id') === requestId);
    }
    expect(server, collector.paths.join('\n')).toBeDefined();
    expect(collector.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    expect(server!.name).toBe('GET /api/health');
    expect(attr(server!, 'http.response.status_code')).toBe(200);
    expect(attr(server!, 'http.route')).toBe('/api/health');
    let query: OtlpSpan | undefined;
    while (!query && Date.now() < deadline) {
      query = collector.spans.find((s) => s.traceId === server!.traceId && s.parentSpanId === server!.spanId);
      if (!query) await new Promise((r) => setTimeout(r, 250));
    }
    expect(query?.name).toBe('db.query');
    expect(attr(query!, 'db.query.text')).toMatch(/select 1/i);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    await stopServer(shop);
    const plain = startServer({ ...target.env, PORT: String(await freePort()) });
    await waitReady(plain, 120_000);
    try {
      expect((await get(plain.port, '/metrics', { Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await stopServer(plain);
    }
  });
});
