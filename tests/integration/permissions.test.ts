/**
 * Every permission of every role (issue 25): each /api/admin route the app registers
 * (`app.routes`) and each /admin page (the files under src/pages/admin) is called by a guest, a
 * customer, staff, an editor and an admin, and each gets past the guard (a 2xx or the route's own
 * validation, 404 or conflict answer) or the 403 exactly as roles.ts declares it: the role holds
 * one of the permissions of the address's area. The expectation is computed from the declarations
 * (ROLE_PERMISSIONS, AREA_PERMISSIONS), not from the guard's own function.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { UPLOAD_PATHS } from '@/server/api/body';
import { AREA_PERMISSIONS, ROLE_PERMISSIONS, adminArea, type Role } from '@/lib/rules/roles';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { sendMail } from '@/server/mail/mailer';
import { DEMO_CUSTOMER, DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { orders } from '@/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { startDemoServer } from '../helpers/demo-server';
import { pageRouteTable } from '../helpers/hostile-input-pages';
import { cleanupServers } from '../helpers/server';
import {
  type ApiSession,
  createApiSession,
  createHttpSession,
  createUser,
  csrfSession,
  signedIn,
} from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const ADMIN = { email: 'permissions-admin@example.com', password: 'Chief1234!' };
const ROLES_ASKING = ['customer', 'staff', 'editor', 'admin'] as const satisfies readonly Role[];
const FORBIDDEN = 'This action is unauthorized.';

/** What the declarations say: the role holds a permission of the area (undeclared: none). */
function declaredAllowed(role: Role, path: string): boolean {
  const area = adminArea(path);
  if (area === null || !Object.hasOwn(AREA_PERMISSIONS, area)) return false;
  const needs: readonly string[] = AREA_PERMISSIONS[area as keyof typeof AREA_PERMISSIONS];
  return ROLE_PERMISSIONS[role].some((p) => needs.includes(p));
}

/** Past the guard: success, or the route's own answer to the sample input (never 401/403/419 or 5xx). */
const pastGuard = (status: number) => status < 500 && ![401, 403, 419].includes(status);

/** A concrete address of a route: ids that do not exist, so no call of an allowed role changes anything it need not. */
const sample = (path: string) =>
  path
    .replace(/:id\b/g, '999999999')
    .replace(/:orderNr\b/g, 'UNKNOWN1')
    .replace(/:version\b/g, '1');

const adminRoutes = () => {
  const keys = new Set<string>();
  for (const r of createApi().routes)
    if (r.method !== 'ALL' && r.path.startsWith('/api/admin')) keys.add(`${r.method} ${r.path}`);
  return [...keys].sort();
};

async function call(session: ApiSession, method: string, path: string): Promise<{ status: number; body: any }> {
  // Uploads read multipart/form-data before anything else: an empty form (no file) is their validation case.
  if (method === 'POST' && UPLOAD_PATHS.has(path)) {
    const res = await session.request(path, { method, body: new FormData() });
    return { status: res.status, body: await res.json().catch(() => null) };
  }
  switch (method) {
    case 'GET':
      return session.get(path);
    case 'POST':
      return session.post(path, {});
    case 'PUT':
      return session.put(path, {});
    default:
      return session.delete(path);
  }
}

describe('the declaration in the OpenAPI document (that every address has a declared area: tests/unit/admin-permissions.test.ts)', () => {
  it("the OpenAPI document names each back-office route's permissions and the roles that hold them", async () => {
    const doc = (await api.request('/api/openapi.json')).json() as Promise<{
      paths: Record<string, Record<string, { description?: string; 'x-permissions'?: string[] }>>;
    }>;
    const { paths } = await doc;
    expect(paths['/api/admin/vat-rates']!.get!['x-permissions']).toEqual(['prices']);
    expect(paths['/api/admin/vat-rates']!.get!.description).toBe('Permission `prices` (roles: admin).');
    expect(paths['/api/admin/orders/{orderNr}/notes']!.post!.description).toBe(
      'Permission `orders` (roles: staff, admin).',
    );
    expect(paths['/api/admin/customers/{id}/balance']!.post!.description).toBe(
      'Permission `customers` (roles: staff, admin).',
    );
    expect(paths['/api/admin/media']!.post!.description).toContain(
      'Permission `catalog` or `content` (roles: staff, editor, admin).',
    );
    expect(paths['/api/admin/settings']!.put!.description).toBe('Permission `settings` (roles: admin).');
  });
});

describe('every /api/admin route for every role', () => {
  const sessions = {} as Record<'guest' | (typeof ROLES_ASKING)[number], ApiSession>;

  beforeAll(async () => {
    const db = database().db;
    await createUser(db, ADMIN);
    await setRole(db, null, ADMIN.email, 'admin');
    sessions.guest = await csrfSession(api);
    sessions.customer = await signedIn(createApiSession(api), DEMO_CUSTOMER);
    sessions.staff = await signedIn(createApiSession(api), DEMO_STAFF);
    sessions.editor = await signedIn(createApiSession(api), DEMO_EDITOR);
    sessions.admin = await signedIn(createApiSession(api), ADMIN);
  });

  for (const key of adminRoutes()) {
    it(key, async () => {
      const [method, pattern] = key.split(' ') as [string, string];
      const path = sample(pattern);
      const problems: string[] = [];
      const guest = await call(sessions.guest, method, path);
      if (guest.status !== 401) problems.push(`guest: ${guest.status}`);
      // The refused first: their calls must change nothing anyway.
      const order = [...ROLES_ASKING].sort(
        (a, b) => Number(declaredAllowed(a, path)) - Number(declaredAllowed(b, path)),
      );
      for (const role of order) {
        const reply = await call(sessions[role], method, path);
        if (declaredAllowed(role, path)) {
          if (!pastGuard(reply.status))
            problems.push(`${role} is allowed but got ${reply.status} ${JSON.stringify(reply.body?.message)}`);
        } else if (reply.status !== 403 || reply.body?.message !== FORBIDDEN) {
          problems.push(`${role} is refused but got ${reply.status} ${JSON.stringify(reply.body?.message)}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

const PAGES_DIR = fileURLToPath(new URL('../../src/pages/admin', import.meta.url));

function adminPageFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
        files.push(`admin/${relative(PAGES_DIR, full)}`);
    }
  };
  walk(PAGES_DIR);
  return files.sort();
}

describe('every /admin page for every role (the built shop)', () => {
  let drop: () => Promise<void> = async () => {};
  const sessions = {} as Record<'guest' | (typeof ROLES_ASKING)[number], ApiSession>;
  let table: ReturnType<typeof pageRouteTable>;

  beforeAll(async () => {
    let base: string;
    let mailId = 0;
    // Demo order numbers are random like real ones (order-number.ts): the order page opens the first.
    let orderNr = '';
    ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }, 120_000, async (db) => {
      await createUser(db, ADMIN);
      await setRole(db, null, ADMIN.email, 'admin');
      orderNr = (await db.select({ nr: orders.orderNr }).from(orders).limit(1))[0]!.nr;
      // A mail for the mail log's page of one mail.
      mailId = (
        await sendMail(
          db,
          { to: 'someone@example.com', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', language: 'en' },
          { mailer: null },
        )
      ).id;
    }));
    sessions.guest = createHttpSession(base);
    sessions.customer = await signedIn(createHttpSession(base), DEMO_CUSTOMER);
    sessions.staff = await signedIn(createHttpSession(base), DEMO_STAFF);
    sessions.editor = await signedIn(createHttpSession(base), DEMO_EDITOR);
    sessions.admin = await signedIn(createHttpSession(base), ADMIN);
    table = pageRouteTable({ product: '/', staticPage: '/', media: '/' });
    table['admin/mail/[id].astro'] = { path: `/admin/mail/${mailId}` };
    table['admin/orders/[orderNr].astro'] = { path: `/admin/orders/${orderNr}` };
  }, 600_000);

  afterAll(async () => {
    cleanupServers();
    await drop();
  });

  it('covers every page file under src/pages/admin, each in a declared area', () => {
    const files = adminPageFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(
      files.filter((f) => !table[f]),
      'pages without an address in hostile-input-pages.ts',
    ).toEqual([]);
    expect(files.filter((f) => !Object.hasOwn(AREA_PERMISSIONS, adminArea(table[f]!.path) ?? '-'))).toEqual([]);
  });

  it('an edit page of an id that names nothing is the 404 page for a role that may open it, the 403 for one that may not', async () => {
    const statuses: Record<string, number> = {};
    for (const [role, path] of [
      ['admin', '/admin/faqs/999999'],
      ['editor', '/admin/pages/999999'],
      ['staff', '/admin/products/abc'],
      ['staff', '/admin/faqs/999999'],
    ] as const) {
      const res = await sessions[role].request(path, { redirect: 'manual', headers: { Accept: 'text/html' } });
      statuses[`${role} ${path}`] = res.status;
      if (res.status === 404) expect(res.headers.get('cache-control')).toBe('no-store');
      await res.body?.cancel();
    }
    expect(statuses).toEqual({
      'admin /admin/faqs/999999': 404,
      'editor /admin/pages/999999': 404,
      'staff /admin/products/abc': 404,
      'staff /admin/faqs/999999': 403,
    });
  });

  for (const file of adminPageFiles()) {
    it(file, async () => {
      const path = table[file]!.path;
      const problems: string[] = [];
      const guest = await sessions.guest.request(path, { redirect: 'manual', headers: { Accept: 'text/html' } });
      if (guest.status !== 302 || !guest.headers.get('location')?.startsWith('/auth'))
        problems.push(`guest: ${guest.status} ${guest.headers.get('location')}`);
      await guest.body?.cancel();
      for (const role of ROLES_ASKING) {
        const res = await sessions[role].request(path, { redirect: 'manual', headers: { Accept: 'text/html' } });
        await res.body?.cancel();
        const expected = declaredAllowed(role, path) ? 200 : 403;
        if (res.status !== expected) problems.push(`${role}: ${res.status}, expected ${expected}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
