/**
 * Back-office roles and permissions (ADR 013, 023; issue 25): the one place that says who may do
 * what. A permission is named by what it allows; a role is a bundle of permissions; every
 * back-office area (the first path segment under `/admin/` and `/api/admin/`) names the
 * permissions that open it. The API guard, the page guard, the admin navigation, the OpenAPI
 * notes and the roles screen are all derived from these three declarations.
 */
export const ROLES = ['customer', 'staff', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an admin may grant (admin itself only through `npm run user:create`). */
export const GRANTABLE_ROLES = ['customer', 'staff', 'editor'] as const satisfies readonly Role[];

/**
 * What each permission allows, in the roles screen's column order:
 * `orders` orders and their staff actions, and the reports on them; `customers` customer accounts and balances;
 * `catalog` products, categories, promo codes, the CSV import and export (ADR 026);
 * `prices` currencies, VAT classes and rates, delivery zones, rates and countries;
 * `content` static pages, FAQs, featured tiles, the home page and hero, UI translations;
 * `settings` the shop settings (the Google tag: a script on every page) and the mail log;
 * `roles` who has which back-office role.
 */
export const PERMISSIONS = ['orders', 'customers', 'catalog', 'prices', 'content', 'settings', 'roles'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Roles as bundles: staff run the shop's day, editors its words, admins everything. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  customer: [],
  staff: ['orders', 'customers', 'catalog'],
  editor: ['content'],
  admin: PERMISSIONS,
};

/** The roles with any back-office permission, in the order the roles screen lists them. */
export const BACK_OFFICE_ROLES = ROLES.filter((role) => ROLE_PERMISSIONS[role].length > 0);

/**
 * The back-office areas and the permissions that open them (any one of them does): the page
 * `/admin/{area}/…` and the API `/api/admin/{area}/…` alike. `''` is the overview `/admin`, open
 * to every back-office role. The media library serves the catalogue's photos and the content's
 * images. An area missing here is open to admins only (areaPermissions), so a new one is closed
 * until it is declared.
 */
export const AREA_PERMISSIONS = {
  '': PERMISSIONS,
  orders: ['orders'],
  returns: ['orders'],
  // Sales, VAT and stock figures come from the orders staff already see (issue 32).
  reports: ['orders'],
  customers: ['customers'],
  products: ['catalog'],
  categories: ['catalog'],
  attributes: ['catalog'],
  'promo-codes': ['catalog'],
  'catalog-imports': ['catalog'],
  shipping: ['prices'],
  currencies: ['prices'],
  'vat-rates': ['prices'],
  media: ['catalog', 'content'],
  pages: ['content'],
  'static-pages': ['content'],
  'home-page': ['content'],
  'home-hero': ['content'],
  faqs: ['content'],
  featured: ['content'],
  'featured-categories': ['content'],
  translations: ['content'],
  preview: ['content'],
  settings: ['settings'],
  mail: ['settings'],
  editors: ['roles'],
} as const satisfies Record<string, readonly Permission[]>;

export type Area = keyof typeof AREA_PERMISSIONS;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function can(role: string | undefined | null, permission: Permission): boolean {
  return role != null && isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Any back-office role: may open /admin (and sees its link in the header). */
export function isBackOffice(role: string | undefined | null): boolean {
  return role != null && isRole(role) && ROLE_PERMISSIONS[role].length > 0;
}

/**
 * The area of a back-office address: the segment after `/admin/` or `/api/admin/` (`''` for the
 * overview), or null for an address outside the back office.
 */
export function adminArea(pathname: string): string | null {
  const match = /^(?:\/api)?\/admin(?:\/([^/?#]*))?(?=[/?#]|$)/.exec(pathname);
  return match ? (match[1] ?? '') : null;
}

/** The permissions that open an area (any one of them); an undeclared area needs the admin's `roles`. */
export function areaPermissions(area: string): readonly Permission[] {
  return Object.hasOwn(AREA_PERMISSIONS, area) ? AREA_PERMISSIONS[area as Area] : ['roles'];
}

/** Whether the role may open this back-office address (page or API); false outside the back office. */
export function mayOpen(role: string | undefined | null, pathname: string): boolean {
  const area = adminArea(pathname);
  return area !== null && areaPermissions(area).some((permission) => can(role, permission));
}
