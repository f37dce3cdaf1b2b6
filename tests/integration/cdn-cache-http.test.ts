/**
 * A CDN in front of the shop (issue 33, docs/cdn.md): guest pages carry Cache-Control with
 * s-maxage and stale-while-revalidate plus their surrogate keys, nothing personal ever does, and a
 * price change purges the product's keys through the purge webhook. The CDN is played by nginx
 * with proxy_cache and a tag-purge relay (the webhook's receiver): it learns which cached URL
 * carries which key from nginx's log and refreshes those URLs through nginx (proxy_cache_bypass
 * stores the fresh answer), as Varnish's ban on a surrogate key or a CDN's purge-by-tag would.
 * Real server (demo data, both engines), real nginx, real HTTP.
 */
import { createServer, type Server } from 'node:http';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '~/tests/helpers/demo-server';
import { type Nginx, startNginx } from '~/tests/helpers/nginx';
import { cleanupServers, freePort, get, tempDir } from '~/tests/helpers/server';
import { type ApiSession, createHttpSession, signedIn } from '~/tests/helpers/session';

let base: string;
let drop: () => Promise<void> = async () => {};
let nginx: Nginx;
let relay: Server;
let staff: ApiSession;
const purged: string[][] = [];
const dir = tempDir();
const keysLog = join(dir, 'keys.log');

/** URLs nginx fetched from the shop with each surrogate key (what a CDN's tag index holds). */
function urlsWith(key: string): string[] {
  if (!existsSync(keysLog)) return [];
  const urls = new Set<string>();
  for (const line of readFileSync(keysLog, 'utf8').split('\n')) {
    const [uri, keys] = line.split('|');
    if (uri && keys?.split(' ').includes(key)) urls.add(uri);
  }
  return [...urls];
}

function cdnSite(shopPort: number, port: number): string {
  return `log_format keys '$request_uri|$upstream_http_surrogate_key';
proxy_cache_path ${dir}/cache keys_zone=shop:10m;
# Requests with cookies that shape a page (a session, language, consent...) are never answered from the cache.
map $http_cookie $personal { default 1; "" 0; "~^\\s*XSRF-TOKEN=[^;]*;?\\s*$" 0; }
server {
  listen 127.0.0.1:${port};
  location / {
    proxy_pass http://127.0.0.1:${shopPort};
    proxy_set_header Host $host;
    proxy_cache shop;
    proxy_cache_bypass $personal $http_x_refresh;
    proxy_no_cache $personal;
    add_header X-Cache-Status $upstream_cache_status always;
    access_log ${keysLog} keys;
  }
}
`;
}

beforeAll(async () => {
  // nginx's workers run as an unprivileged user when the master is root: they write the cache.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'cache'));
  chmodSync(join(dir, 'cache'), 0o777);
  relay = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      const { keys } = JSON.parse(body) as { keys: string[] };
      purged.push(keys);
      const urls = new Set(keys.flatMap(urlsWith));
      await Promise.all([...urls].map((url) => get(nginx.port, url, { 'X-Refresh': '1' })));
      res.writeHead(204).end();
    });
  });
  const relayPort = await freePort();
  await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
  ({ base, drop } = await startDemoServer({
    RATE_LIMIT_MULTIPLIER: '1000',
    CDN_PURGE_URL: `http://127.0.0.1:${relayPort}/purge`,
  }));
  const shopPort = Number(new URL(base).port);
  const port = await freePort();
  nginx = await startNginx({ upstreamPorts: [shopPort], port, site: cdnSite(shopPort, port) });
  staff = await signedIn(createHttpSession(base), { email: 'staff@example.com', password: 'Staff1234!' });
}, 300_000);

afterAll(async () => {
  await nginx?.stop();
  relay?.close();
  cleanupServers();
  await drop();
});

async function someProduct(): Promise<{ id: number; path: string }> {
  const res = await fetch(`${base}/api/products/catalog?per_page=50&sort=asc`);
  // A product without variations: its page shows its own price.
  const id = ((await res.json()) as { payload: { id: number; variations: unknown[] }[] }).payload.find(
    (p) => p.variations.length === 0,
  )!.id;
  return { id, path: `/products/x/y/${id}` };
}

describe('guest pages for a CDN (issue 33)', () => {
  it('a cookie-less guest gets s-maxage, stale-while-revalidate and the page keys', async () => {
    const { id, path } = await someProduct();
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    const keys = res.headers.get('surrogate-key')!.split(' ');
    expect(keys).toContain('shop');
    expect(keys).toContain(`product-${id}`);
    expect(keys.some((k) => /^category-\d+$/.test(k))).toBe(true);
    expect(res.headers.get('cache-tag')!.split(',')).toEqual(keys);
    expect(res.headers.get('set-cookie')).toBeNull();
    const list = await fetch(`${base}/products/all/all?sort=asc`);
    expect(list.headers.get('surrogate-key')).toContain(`product-${id}`);
    expect((await fetch(`${base}/faq`)).headers.get('surrogate-key')).toBe('shop page-faq');
  });

  it('never on a signed-in page, a request with page-shaping cookies, the cart, the account or the back office', async () => {
    const { path } = await someProduct();
    const mine = await staff.request(path);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('surrogate-key')).toBeNull();
    expect(mine.headers.get('cache-control')).not.toContain('public');
    const withLanguage = await fetch(`${base}${path}`, { headers: { cookie: 'cookie-consent=all' } });
    expect(withLanguage.headers.get('surrogate-key')).toBeNull();
    expect(withLanguage.headers.get('cache-control') ?? '').not.toContain('s-maxage');
    for (const other of ['/cart', '/auth', '/wishlist', '/account', '/admin', '/api/products/catalog']) {
      const res = await fetch(`${base}${other}`, { redirect: 'manual' });
      expect(res.headers.get('surrogate-key'), other).toBeNull();
      expect(res.headers.get('cache-control') ?? '', other).not.toContain('s-maxage');
    }
    for (const other of ['/account', '/admin', '/cart']) {
      const res = await staff.request(other);
      expect(res.headers.get('surrogate-key'), other).toBeNull();
    }
  });

  it('a price change is visible through the caching proxy within a second (purged by its keys)', async () => {
    const { id, path } = await someProduct();
    const first = await get(nginx.port, path);
    expect(first.status).toBe(200);
    const second = await get(nginx.port, path);
    expect(second.headers['x-cache-status']).toBe('HIT');
    const product = await staff.get(`/api/admin/products/${id}`);
    const version = (product.body as { payload: { version: number } }).payload.version;
    const saved = await staff.put(`/api/admin/products/${id}`, {
      version,
      price_cents: 424_242,
      sale_price_cents: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();
    let seen = false;
    // A bounded poll: the proxy must show the new price within one second of the save.
    while (!seen && Date.now() - changedAt < 1_000) {
      seen = (await get(nginx.port, path)).body.toString().includes('4,242.42');
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(true);
    expect(purged.some((keys) => keys.includes(`product-${id}`))).toBe(true);
    // Served from the proxy's cache again, with the new price.
    const cached = await get(nginx.port, path);
    expect(cached.headers['x-cache-status']).toBe('HIT');
    expect(cached.body.toString()).toContain('4,242.42');
  });
});
