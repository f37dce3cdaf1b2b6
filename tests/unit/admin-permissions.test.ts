/**
 * One back office, one permission declaration (issue 28): every /admin page file and every
 * /api/admin route, of the contract and of the Hono app, lies in an area that roles.ts declares,
 * so the one page guard (middleware → features/admin/guard.server.ts), the API guard
 * (api/admin-guard.ts), the contract's `permissions` and the OpenAPI notes all find it there.
 * An undeclared area would silently fall back to the admin only; this names it instead.
 * (tests/integration/permissions.test.ts calls each of them as each role.)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@/lib/contract/index';
import { AREA_PERMISSIONS, PERMISSIONS, ROLE_PERMISSIONS, adminArea } from '@/lib/rules/roles';
import { isAdminPage } from '@/features/admin/guard.server';
import { createApi } from '@/server/api/app';

const PAGES = fileURLToPath(new URL('../../src/pages', import.meta.url));

/** src/pages/admin/**: file → the address it answers (a dynamic segment becomes `x`). */
function adminPageAddresses(): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const file = relative(PAGES, full);
        const route = file
          .replace(/\.(astro|ts)$/, '')
          .replace(/\[[^\]]+\]/g, 'x')
          .replace(/(^|\/)index$/, '');
        pages.set(file, `/${route}`);
      }
    }
  };
  walk(join(PAGES, 'admin'));
  return pages;
}

const declared = (area: string | null) => area !== null && Object.hasOwn(AREA_PERMISSIONS, area);
const appAdminPaths = () => [
  ...new Set(
    createApi()
      .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/admin'))
      .map((r) => r.path),
  ),
];
const contractAdminRoutes = () => apiRoutes.filter((r) => r.path.startsWith('/api/admin'));

describe('every back-office address maps to a declared permission', () => {
  const pages = adminPageAddresses();

  it('each /admin page file lies in a declared area and behind the one page guard', () => {
    expect(pages.size).toBeGreaterThan(25);
    const stray = [...pages].filter(([, address]) => !declared(adminArea(address)) || !isAdminPage(address));
    expect(stray).toEqual([]);
  });

  it('no /admin page guards itself: the middleware has, before the frontmatter runs', () => {
    const guarding = [...pages.keys()].filter((file) =>
      /instanceof Response|requireUser|mayOpen|requireStaff/.test(readFileSync(join(PAGES, file), 'utf8')),
    );
    expect(guarding).toEqual([]);
  });

  it('each /api/admin route the app registers lies in a declared area', () => {
    const paths = appAdminPaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !declared(adminArea(path)))).toEqual([]);
  });

  it("the contract's back-office routes carry their area's permissions, and only they are back_office", () => {
    const routes = contractAdminRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const wrong = routes
      .filter(
        (r) =>
          r.access !== 'back_office' ||
          JSON.stringify(r.permissions) !==
            JSON.stringify(AREA_PERMISSIONS[adminArea(r.path) as keyof typeof AREA_PERMISSIONS]),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(wrong).toEqual([]);
    const elsewhere = apiRoutes.filter(
      (r) => !r.path.startsWith('/api/admin') && (r.access === 'back_office' || r.permissions !== undefined),
    );
    expect(elsewhere.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('an address outside the back office is not guarded as one', () => {
    for (const address of ['/', '/account', '/administrator', '/de/admin', '/api/admin/orders', '/products/admin'])
      expect(isAdminPage(address), address).toBe(false);
    expect(isAdminPage('/admin')).toBe(true);
    expect(isAdminPage('/admin/orders/ABC-1')).toBe(true);
  });

  it('every declared area is used by a page or a route, and every permission opens one', () => {
    const used = new Set([...pages.values(), ...appAdminPaths()].map((address) => adminArea(address)));
    expect(Object.keys(AREA_PERMISSIONS).filter((area) => !used.has(area))).toEqual([]);
    const opening = new Set(Object.values(AREA_PERMISSIONS).flat());
    expect(PERMISSIONS.filter((p) => !opening.has(p))).toEqual([]);
    // Some role holds each permission, so no area is closed to everyone.
    expect(PERMISSIONS.filter((p) => !Object.values(ROLE_PERMISSIONS).some((held) => held.includes(p)))).toEqual([]);
  });
});
