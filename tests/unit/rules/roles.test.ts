/**
 * The role bundles and area permissions of src/lib/rules/roles.ts (issue 25): what each role may
 * do, written out once more here on purpose, so a change to a bundle is a visible change to this
 * table too.
 */
import { describe, expect, it } from 'vitest';
import {
  AREA_PERMISSIONS,
  PERMISSIONS,
  ROLES,
  adminArea,
  areaPermissions,
  can,
  isBackOffice,
  mayOpen,
} from '@/lib/rules/roles';

const EXPECTED: Record<string, string[]> = {
  customer: [],
  staff: ['orders', 'customers', 'catalog'],
  editor: ['content'],
  admin: ['orders', 'customers', 'catalog', 'prices', 'content', 'settings', 'roles'],
};

describe('role bundles', () => {
  it('names the permissions by what they allow', () => {
    expect([...PERMISSIONS]).toEqual(['orders', 'customers', 'catalog', 'prices', 'content', 'settings', 'roles']);
  });

  for (const role of ROLES) {
    it(`${role} may do exactly: ${EXPECTED[role]!.join(', ') || 'nothing in the back office'}`, () => {
      expect(PERMISSIONS.filter((p) => can(role, p))).toEqual(EXPECTED[role]);
      expect(isBackOffice(role)).toBe(EXPECTED[role]!.length > 0);
    });
  }

  it('an unknown or missing role may do nothing', () => {
    for (const role of ['root', '', 'ADMIN', null, undefined]) {
      expect(PERMISSIONS.some((p) => can(role, p))).toBe(false);
      expect(isBackOffice(role)).toBe(false);
    }
  });

  it("staff lose currencies, VAT and delivery prices; the settings (Google tag) are the admin's", () => {
    expect(can('staff', 'prices')).toBe(false);
    expect(can('editor', 'settings')).toBe(false);
    expect(can('admin', 'prices') && can('admin', 'settings')).toBe(true);
  });
});

describe('areas', () => {
  it('reads the area from page and API addresses', () => {
    expect(adminArea('/admin')).toBe('');
    expect(adminArea('/admin/')).toBe('');
    expect(adminArea('/admin/orders/GS-1')).toBe('orders');
    expect(adminArea('/api/admin/vat-rates/3')).toBe('vat-rates');
    expect(adminArea('/admin/settings?x=1')).toBe('settings');
    expect(adminArea('/administrator')).toBeNull();
    expect(adminArea('/api/products')).toBeNull();
    expect(adminArea('/de/admin')).toBeNull();
  });

  it('every area names permissions that exist', () => {
    for (const permissions of Object.values(AREA_PERMISSIONS)) {
      expect(permissions.length).toBeGreaterThan(0);
      for (const p of permissions) expect(PERMISSIONS).toContain(p);
    }
  });

  it('an undeclared area is open to admins only', () => {
    expect(areaPermissions('something-new')).toEqual(['roles']);
    expect(mayOpen('admin', '/api/admin/something-new')).toBe(true);
    for (const role of ['staff', 'editor', 'customer']) expect(mayOpen(role, '/api/admin/something-new')).toBe(false);
    // Not an own property: Object.prototype's names are not areas.
    expect(areaPermissions('constructor')).toEqual(['roles']);
  });

  it.each([
    ['/admin', ['staff', 'editor', 'admin']],
    ['/admin/orders', ['staff', 'admin']],
    ['/admin/customers/1', ['staff', 'admin']],
    ['/admin/products/import', ['staff', 'admin']],
    ['/admin/shipping', ['admin']],
    ['/api/admin/currencies', ['admin']],
    ['/api/admin/vat-rates/1', ['admin']],
    ['/admin/media', ['staff', 'editor', 'admin']],
    ['/admin/pages/new', ['editor', 'admin']],
    ['/admin/settings', ['admin']],
    ['/admin/mail', ['admin']],
    ['/admin/editors', ['admin']],
    ['/products', []],
  ])('%s opens for %j', (path, roles) => {
    expect(ROLES.filter((role) => mayOpen(role, path))).toEqual(roles);
  });
});
