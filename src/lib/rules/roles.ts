/**
 * Back-office roles (ADR 013, ADR 023): `staff` runs orders, customers and the catalogue, `editor` edits
 * content, `admin` does everything and grants roles. Pages and API routes ask for a permission,
 * never for a role, so a role's reach is written here once.
 */
export const ROLES = ['customer', 'staff', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an admin may grant (admin itself only through `npm run user:role`). */
export const GRANTABLE_ROLES = ['customer', 'staff', 'editor'] as const satisfies readonly Role[];

/** `catalog`: products, categories, promo codes, delivery and prices, imports (ADR 026). */
export type Permission = 'content' | 'orders' | 'catalog' | 'roles';

const PERMISSIONS: Record<Role, readonly Permission[]> = {
  customer: [],
  staff: ['orders', 'catalog'],
  editor: ['content'],
  admin: ['content', 'orders', 'catalog', 'roles'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function can(role: string | undefined | null, permission: Permission): boolean {
  return role != null && isRole(role) && PERMISSIONS[role].includes(permission);
}

/** Any back-office role: may open /admin (and sees its link in the header). */
export function isBackOffice(role: string | undefined | null): boolean {
  return role != null && isRole(role) && PERMISSIONS[role].length > 0;
}
