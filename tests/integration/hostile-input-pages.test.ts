/**
 * Every page route fed hostile input through the real server (`npm start`, demo data): NUL bytes,
 * invalid UTF-8 percent-encodings (%C3%28, %FF) and over-long values in the address and in each
 * query value a page reads, the same in dynamic path segments, cross-site form posts, and on the
 * routes that take a form: bodies over the 2 MB limit (with and without Content-Length) and forms
 * that do not decode. The page gate (src/server/page-gate.ts, ADR 020) answers 400/403/404/413/
 * 414/415 with the shop's error page; nothing may answer 500, and the server logs no error and no
 * stack, only one warning per refused request.
 *
 * The table (tests/helpers/hostile-input-pages.ts) is keyed by the route files under src/pages:
 * a page route without an entry fails the first test. Both engines (TEST_DATABASE_URL).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { startDemoServer } from '../helpers/demo-server';
import { huge } from '../helpers/hostile-input';
import { HOSTILE_QUERY_VALUES, type PageEntry, type PageWho, pageRouteTable } from '../helpers/hostile-input-pages';
import { ROOT, cleanupServers, type Started } from '../helpers/server';
import { type ApiSession, createHttpSession, createUser, signedIn } from '../helpers/session';

const PAGES_DIR = join(ROOT, 'src', 'pages');
const BODY_LIMIT = 2 * 1024 * 1024;
/** For the pages only an admin may open (settings, prices, roles): made before the shop starts. */
const ADMIN = { email: 'hostile-pages-admin@example.com', password: 'Chief1234!' };
const NOT_FOUND_PAGE = 'id="not-found-title"';
const REQUEST_ERROR_PAGE = 'id="request-error-title"';

/** The page route files: everything under src/pages but the API's mount points. */
function pageRouteFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
        files.push(relative(PAGES_DIR, full));
    }
  };
  walk(PAGES_DIR);
  return files.filter((f) => !f.startsWith('api/') && !f.startsWith('sanctum/')).sort();
}

let server: Started;
let base: string;
let drop: () => Promise<void> = async () => {};
let table: Record<string, PageEntry>;
const sessions = {} as Record<PageWho, ApiSession>;

beforeAll(async () => {
  ({ server, base, drop } = await startDemoServer(
    { RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'warn' },
    120_000,
    async (db) => {
      await createUser(db, ADMIN);
      await setRole(db, null, ADMIN.email, 'admin');
    },
  ));
  sessions.guest = createHttpSession(base);
  sessions.customer = await signedIn(createHttpSession(base), DEMO_CUSTOMER);
  sessions.editor = await signedIn(createHttpSession(base), DEMO_EDITOR);
  sessions.staff = await signedIn(createHttpSession(base), DEMO_STAFF);
  sessions.admin = await signedIn(createHttpSession(base), ADMIN);
  // Real addresses of the dynamic routes, from the shop's own sitemap.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const first = (pattern: RegExp) => new URL(sitemap.match(pattern)![1]!).pathname;
  const product = first(/<loc>([^<]*\/products\/[^/<]+\/[^/<]+\/\d+)<\/loc>/);
  // A photo of the demo seed (the first product of each area has one; the very first product too).
  const info = await (await fetch(`${base}/api/products/1/info`)).json();
  const photo = (info.payload.images as { url: string; width: number | null }[]).find((i) => i.width);
  table = pageRouteTable({
    product,
    staticPage: first(/<loc>([^<]*\/static-page\/[^<]+)<\/loc>/),
    media: photo!.url,
  });
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

interface Sent {
  status: number;
  text: string;
}

async function send(who: PageWho, path: string, init: RequestInit = {}): Promise<Sent> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'text/html,application/xhtml+xml');
  const res = await sessions[who].request(path, { ...init, headers });
  return { status: res.status, text: await res.text() };
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

interface PageCase {
  name: string;
  path: string;
  init?: RequestInit;
  /** The exact status, or 'no 5xx' for inputs a page may take or refuse as it sees fit. */
  status: number | 'no 5xx';
  /** A marker of the error page the answer must be. */
  page?: string;
}

function form(body: BodyInit, extra: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, ...extra },
  };
}

/** A body sent in chunks, without Content-Length. */
function chunked(bytes: number): RequestInit {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { ...form(body), duplex: 'half' } as RequestInit;
}

function casesFor(entry: PageEntry): PageCase[] {
  const { path } = entry;
  const cases: PageCase[] = [
    { name: 'the page itself', path, status: 'no 5xx' },
    { name: 'NUL in a query value', path: withQuery(path, 'x=%00'), status: 400, page: REQUEST_ERROR_PAGE },
    { name: 'NUL in a query name', path: withQuery(path, '%00=1'), status: 400, page: REQUEST_ERROR_PAGE },
    {
      name: 'invalid UTF-8 (%C3%28) in the query',
      path: withQuery(path, 'x=%C3%28'),
      status: 400,
      page: REQUEST_ERROR_PAGE,
    },
    { name: 'invalid UTF-8 (%FF) in the query', path: withQuery(path, 'x=%FF'), status: 400, page: REQUEST_ERROR_PAGE },
    { name: 'a bad escape (%zz) in the query', path: withQuery(path, 'x=%zz'), status: 400, page: REQUEST_ERROR_PAGE },
    {
      name: 'an address over 8192 characters',
      path: withQuery(path, `x=${huge(9000)}`),
      status: 414,
      page: REQUEST_ERROR_PAGE,
    },
    { name: 'a 4000-character unknown query value', path: withQuery(path, `x=${huge(4000)}`), status: 'no 5xx' },
    { name: 'NUL appended to the path', path: `${path.split('?')[0]}%00`, status: 404, page: NOT_FOUND_PAGE },
    { name: 'invalid UTF-8 appended to the path', path: `${path.split('?')[0]}%FF`, status: 404, page: NOT_FOUND_PAGE },
    // Form posts from another site, or with no Origin at all, on any page.
    {
      name: 'a cross-site form post',
      path,
      init: form('a=1', { Origin: 'https://evil.example' }),
      status: 403,
      page: REQUEST_ERROR_PAGE,
    },
    {
      name: 'a form post without Origin',
      path,
      init: { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      status: 403,
      page: REQUEST_ERROR_PAGE,
    },
  ];
  for (const name of entry.params ?? []) {
    for (const hostile of HOSTILE_QUERY_VALUES) {
      cases.push({
        name: `${name}: ${hostile.name}`,
        path: withQuery(path, `${name}=${hostile.value.replace('PARAM', name)}`),
        status: 'no 5xx',
      });
    }
    cases.push({ name: `${name}: NUL`, path: withQuery(path, `${name}=a%00`), status: 400, page: REQUEST_ERROR_PAGE });
    cases.push({
      name: `${name}: invalid UTF-8`,
      path: withQuery(path, `${name}=%C3%28`),
      status: 400,
      page: REQUEST_ERROR_PAGE,
    });
  }
  if (entry.segment) {
    const segment = entry.segment;
    cases.push(
      { name: 'NUL in the path segment', path: segment('%00'), status: 404, page: NOT_FOUND_PAGE },
      {
        name: 'NUL encoded twice in the path segment (%2500)',
        path: segment('%2500'),
        status: 404,
        page: NOT_FOUND_PAGE,
      },
      {
        name: 'invalid UTF-8 (%C3%28) in the path segment',
        path: segment('%C3%28'),
        status: 404,
        page: NOT_FOUND_PAGE,
      },
      { name: 'invalid UTF-8 (%FF) in the path segment', path: segment('%FF'), status: 404, page: NOT_FOUND_PAGE },
      { name: 'a stray % in the path segment (%25zz)', path: segment('%25zz'), status: 404, page: NOT_FOUND_PAGE },
      { name: 'a 3000-character path segment', path: segment(huge(3000)), status: 'no 5xx' },
      { name: 'SQL in the path segment', path: segment(encodeURIComponent("1' OR '1'='1")), status: 'no 5xx' },
      { name: 'a number past bigint in the path segment', path: segment('99999999999999999999'), status: 'no 5xx' },
    );
  }
  if (entry.post) {
    cases.push(
      {
        name: 'a form body over 2 MB with Content-Length',
        path,
        init: form('a'.repeat(BODY_LIMIT + 1)),
        status: 413,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'a form body over 2 MB in chunks',
        path,
        init: chunked(BODY_LIMIT + 256 * 1024),
        status: 413,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'a form body of 3 MB',
        path,
        init: form('a'.repeat(3 * 1024 * 1024)),
        status: 413,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'a form body of 6 MB in chunks',
        path,
        init: chunked(6 * 1024 * 1024),
        status: 413,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'NUL in a form field',
        path,
        init: form('number=4242%00&cvc=123'),
        status: 400,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'invalid UTF-8 (%FF) in a form field',
        path,
        init: form('holder=%FF'),
        status: 400,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'raw bytes that are not UTF-8',
        path,
        init: form(new Uint8Array([0x61, 0x3d, 0xc3, 0x28, 0xff])),
        status: 400,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'JSON instead of a form',
        path,
        init: form('{"a":1}', { 'Content-Type': 'application/json' }),
        status: 415,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'a multipart form',
        path,
        init: form('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', {
          'Content-Type': 'multipart/form-data; boundary=b',
        }),
        status: 415,
        page: REQUEST_ERROR_PAGE,
      },
      {
        name: 'long form fields',
        path,
        init: form(`number=${huge(100_000)}&holder=${huge(100_000)}&decision=${huge(1000)}`),
        status: 'no 5xx',
      },
    );
  }
  return cases;
}

/** Where the server's output stands now, to read what a route's cases logged. */
function logMark(): { stdout: number; stderr: number } {
  const { stdout, stderr } = server.output();
  return { stdout: stdout.length, stderr: stderr.length };
}

/** Lines logged since `mark` at error level or above, or that look like a stack trace. */
function errorLinesSince(mark: { stdout: number; stderr: number }): string[] {
  const { stdout, stderr } = server.output();
  return `${stdout.slice(mark.stdout)}\n${stderr.slice(mark.stderr)}`
    .split('\n')
    .filter((line) => /"level":(50|60)|\[ERROR\]|^\s+at \S+/.test(line))
    .map((line) => line.slice(0, 300));
}

describe('hostile input on every page route', () => {
  it('has an entry for every page route under src/pages, and only for routes that exist', () => {
    const files = pageRouteFiles();
    expect(files.length).toBeGreaterThan(30);
    expect(
      files.filter((f) => !(f in table)),
      'page routes without hostile-input cases',
    ).toEqual([]);
    expect(
      Object.keys(table).filter((k) => !files.includes(k)),
      'entries for page routes that are gone',
    ).toEqual([]);
  });

  for (const file of pageRouteFiles()) {
    it(
      file,
      async () => {
        const entry = table[file];
        expect(entry, `add "${file}" to tests/helpers/hostile-input-pages.ts`).toBeDefined();
        const problems: string[] = [];
        const mark = logMark();
        for (const c of casesFor(entry!)) {
          const got = await send(entry!.who ?? 'guest', c.path, c.init);
          const label = `${c.name} (${c.path.slice(0, 80)}): ${got.status}`;
          if (c.status === 'no 5xx') {
            if (got.status >= 500 || got.status === 0)
              problems.push(`${label}, expected no 5xx (${got.text.slice(0, 200)})`);
          } else if (got.status !== c.status)
            problems.push(`${label}, expected ${c.status} (${got.text.slice(0, 200)})`);
          if (c.page && !got.text.includes(c.page))
            problems.push(`${label}: not the shop's error page (${got.text.slice(0, 200)})`);
        }
        expect(problems, file).toEqual([]);
        expect(errorLinesSince(mark), 'errors or stacks in the server log').toEqual([]);
      },
      120_000,
    );
  }

  it('logs each refused request as one short warning, without a stack', async () => {
    const before = server.output().stdout.length;
    expect((await send('guest', '/static-page/%00')).status).toBe(404);
    expect((await send('guest', '/products/all/all?search=a%00')).status).toBe(400);
    const lines = server
      .output()
      .stdout.slice(before)
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const refused = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'page request refused');
    expect(refused).toHaveLength(2);
    expect(refused.map((l) => [l.level, l.status, l.reason, l.path])).toEqual([
      [40, 404, 'path-nul', '/static-page/%00'],
      [40, 400, 'query-nul', '/products/all/all'],
    ]);
    for (const line of refused) expect(JSON.stringify(line)).not.toMatch(/stack|select |\bat /i);
  });

  it('answers clients that do not ask for HTML with one line of text', async () => {
    const res = await fetch(`${base}/products/all/all?search=a%00`, { headers: { Accept: '*/*' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('The address or form could not be read.\n');
  });
});
