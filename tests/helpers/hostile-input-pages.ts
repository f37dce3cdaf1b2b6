/**
 * The hostile-input table of the page routes (everything under src/pages but /api and /sanctum),
 * run by tests/integration/hostile-input-pages.test.ts through the real server. Keyed by the
 * route's file under src/pages: the test lists those files and fails for one without an entry,
 * so a new page ships with its hostile inputs (the API's table is keyed by app.routes the same
 * way: hostile-input-shop.ts).
 */
import { HTML, SQL, huge } from './hostile-input';

export type PageWho = 'guest' | 'customer' | 'editor' | 'staff' | 'admin';

export interface PageEntry {
  /** A real address of the route on the demo shop. */
  path: string;
  /** The route's address with `value` (already percent-encoded) in its dynamic segment. */
  segment?: (value: string) => string;
  /** Query names the page reads: each gets the hostile values below. */
  params?: string[];
  /** The route takes a form POST (the demo gateway): bodies over the limit and bad forms too. */
  post?: boolean;
  /** Who asks: guards send guests to sign-in before a page reads its query. */
  who?: PageWho;
}

/** Values sent in each query parameter a page reads: none may end in a 500. */
export const HOSTILE_QUERY_VALUES: readonly { name: string; value: string }[] = [
  { name: 'a 4000-character value', value: huge(4000) },
  { name: 'SQL', value: encodeURIComponent(SQL) },
  { name: 'HTML', value: encodeURIComponent(HTML) },
  { name: 'a number past bigint', value: '99999999999999999999' },
  { name: 'a negative number', value: '-1' },
  { name: 'NaN', value: 'NaN' },
  { name: 'an emoji', value: '%F0%9F%98%80' },
  { name: 'the value twice', value: 'a&PARAM=b' },
];

const CHARGE = '00000000-0000-4000-8000-000000000000';

export function pageRouteTable(ids: { product: string; staticPage: string; media: string }): Record<string, PageEntry> {
  const list = ['search', 'new', 'sale', 'page', 'sort', 'price_min', 'price_max', 'attrs'];
  return {
    '400.astro': { path: '/400' },
    '403.astro': { path: '/403' },
    '404.astro': { path: '/404' },
    'account.astro': { path: '/account', params: ['tab', 'page'], who: 'customer' },
    // An unknown number is the 404 page; hostile numbers must be too, never a 500.
    'account/orders/[orderNr].astro': {
      path: '/account/orders/UNKNOWN1',
      segment: (v) => `/account/orders/${v}`,
      who: 'customer',
    },
    'admin/customers/[id].astro': {
      path: '/admin/customers/1',
      segment: (v) => `/admin/customers/${v}`,
      params: ['q'],
      who: 'staff',
    },
    'admin/customers/index.astro': { path: '/admin/customers', params: ['q', 'before'], who: 'staff' },
    'admin/editors.astro': { path: '/admin/editors', who: 'admin' },
    'admin/orders/[orderNr].astro': {
      path: '/admin/orders/GS-2026-1001',
      segment: (v) => `/admin/orders/${v}`,
      who: 'staff',
    },
    'admin/orders/export.csv.ts': {
      path: '/admin/orders/export.csv',
      params: ['q', 'status', 'method', 'country', 'from', 'to', 'sort', 'after', 'before'],
      who: 'staff',
    },
    'admin/orders/index.astro': {
      path: '/admin/orders',
      params: ['q', 'status', 'method', 'country', 'from', 'to', 'sort', 'after', 'before'],
      who: 'staff',
    },
    'admin/returns.astro': { path: '/admin/returns', who: 'staff' },
    'admin/reports/index.astro': { path: '/admin/reports', params: ['report', 'from', 'to', 'group'], who: 'staff' },
    'admin/reports/carts.astro': { path: '/admin/reports/carts', params: ['page'], who: 'staff' },
    'admin/reports/export.csv.ts': {
      path: '/admin/reports/export.csv',
      params: ['report', 'from', 'to', 'group'],
      who: 'staff',
    },
    'admin/mail/index.astro': { path: '/admin/mail', params: ['q', 'before'], who: 'admin' },
    'admin/mail/[id].astro': { path: '/admin/mail/1', segment: (v) => `/admin/mail/${v}`, who: 'admin' },
    'admin/media.astro': { path: '/admin/media', params: ['q', 'before'], who: 'editor' },
    'admin/shipping.astro': { path: '/admin/shipping', who: 'admin' },
    'admin/promo-codes/[id].astro': {
      path: '/admin/promo-codes/1',
      segment: (v) => `/admin/promo-codes/${v}`,
      who: 'staff',
    },
    'admin/promo-codes/index.astro': { path: '/admin/promo-codes', params: ['q'], who: 'staff' },
    'admin/categories/[id].astro': {
      path: '/admin/categories/1',
      segment: (v) => `/admin/categories/${v}`,
      params: ['lang'],
      who: 'staff',
    },
    'admin/categories/index.astro': { path: '/admin/categories', who: 'staff' },
    'admin/products/import.astro': { path: '/admin/products/import', who: 'staff' },
    'admin/products/export.csv.ts': { path: '/admin/products/export.csv', who: 'staff' },
    'admin/products/[id].astro': {
      path: '/admin/products/new',
      segment: (v) => `/admin/products/${v}`,
      params: ['lang'],
      who: 'staff',
    },
    'admin/products/index.astro': {
      path: '/admin/products',
      params: ['q', 'category', 'status', 'stock', 'sale', 'no_image', 'missing', 'sort', 'after', 'before'],
      who: 'staff',
    },
    'admin/faqs/[id].astro': { path: '/admin/faqs/new', segment: (v) => `/admin/faqs/${v}`, who: 'editor' },
    'admin/faqs/index.astro': { path: '/admin/faqs', who: 'editor' },
    'admin/featured/[id].astro': { path: '/admin/featured/new', segment: (v) => `/admin/featured/${v}`, who: 'editor' },
    'admin/featured/index.astro': { path: '/admin/featured', who: 'editor' },
    'admin/index.astro': { path: '/admin', params: ['period', 'from', 'to'], who: 'staff' },
    'admin/pages/[id].astro': {
      path: '/admin/pages/new',
      segment: (v) => `/admin/pages/${v}`,
      params: ['part'],
      who: 'editor',
    },
    'admin/pages/index.astro': { path: '/admin/pages', who: 'editor' },
    'admin/settings.astro': { path: '/admin/settings', who: 'admin' },
    'admin/translations.astro': {
      path: '/admin/translations',
      params: ['q', 'language', 'missing', 'page'],
      who: 'editor',
    },
    'account/unpaid-orders.astro': { path: '/account/unpaid-orders', who: 'customer' },
    'auth.astro': { path: '/auth', params: ['form', 'redirect'] },
    'cart.astro': { path: '/cart', params: ['reminder', 'signature'], who: 'customer' },
    'contact.astro': { path: '/contact' },
    // NODE_ENV=production: the mailbox is a 404, which must hold for hostile addresses too.
    'dev/mailbox.astro': { path: '/dev/mailbox' },
    'dev/mailbox/[id].astro': { path: '/dev/mailbox/1', segment: (v) => `/dev/mailbox/${v}` },
    'dev/mailbox/[id]/html.ts': { path: '/dev/mailbox/1/html', segment: (v) => `/dev/mailbox/${v}/html` },
    'email-verification.astro': { path: '/email-verification', params: ['redirect'], who: 'customer' },
    'email/verify/[outcome].astro': { path: '/email/verify/success', segment: (v) => `/email/verify/${v}` },
    'email/verify/invalid.astro': { path: '/email/verify/invalid', params: ['reason'] },
    'fail-payment.astro': { path: '/fail-payment', params: ['order'] },
    'faq.astro': { path: '/faq', params: ['category'] },
    'images/[...path].ts': {
      path: '/images/fallback.svg',
      segment: (v) => `/images/products/${v}/1.svg`,
      params: ['v'],
    },
    'index.astro': { path: '/', params: ['category'] },
    // A photo variant of the demo shop; hostile hashes are 404s (only fixed widths of known hashes exist).
    'media/[...path].ts': { path: ids.media, segment: (v) => `/media/${v}/320.avif` },
    'locale.ts': { path: '/locale', params: ['languageId', 'currency', 'redirect'] },
    'newsletter/[outcome].astro': { path: '/newsletter/confirmed', segment: (v) => `/newsletter/${v}` },
    'pay/demo/[id].astro': { path: `/pay/demo/${CHARGE}`, segment: (v) => `/pay/demo/${v}`, post: true },
    'pay/demo/[id]/secure.astro': {
      path: `/pay/demo/${CHARGE}/secure`,
      segment: (v) => `/pay/demo/${v}/secure`,
      post: true,
    },
    'payment/processing.astro': { path: '/payment/processing', params: ['payment'] },
    'products/index.ts': { path: '/products', params: list },
    'products/[category]/[...rest].astro': {
      path: '/products/all/all',
      segment: (v) => `/products/${v}/all`,
      params: list,
    },
    'products/[category]/[subcategory]/[productId].astro': {
      path: ids.product,
      segment: (v) => `/products/all/all/${v}`,
      params: ['variation', 'reviews_page'],
    },
    'reset-password.astro': { path: '/reset-password', params: ['token', 'email'] },
    'robots.txt.ts': { path: '/robots.txt' },
    'sitemap.xml.ts': { path: '/sitemap.xml' },
    'static-page/[slug].astro': { path: ids.staticPage, segment: (v) => `/static-page/${v}` },
    'success-payment.astro': { path: '/success-payment', params: ['order'] },
    'wishlist.astro': { path: '/wishlist', params: ['ids'] },
  };
}
