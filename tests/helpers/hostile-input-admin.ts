/**
 * Hostile inputs of the content-editing API (/api/admin/*, ADR 013), merged into the table of
 * tests/integration/hostile-input.test.ts. Sent from a signed-in editor (the editors route from an
 * admin), so the role guard lets them through and the field rules must answer. No case is a valid
 * edit: where a body passes the rules, the id, version, language, slug or account it names does not
 * exist or may not be used, and the fingerprints prove nothing was written.
 */
import { type Case, type Entry, HTML, SQL, huge, invalid, param } from './hostile-input';
import { type CatalogIds, catalogRouteTable } from './hostile-input-catalog';

export interface AdminIds extends CatalogIds {
  page: number;
  /** The slug of another page than `page` (a rename onto it is refused). */
  otherSlug: string;
  faq: number;
  featured: number;
  /** A language of the shop that is not the default one. */
  language: number;
  /** The admin's own address (an admin may not change their own role). */
  adminEmail: string;
  /** A Failed order: every staff action refuses it, so no case can change it. */
  failedOrderNr: string;
  /** A customer with a balance (the demo customer). */
  customer: number;
}

const ID = 'Invalid id.';
const VERSION = 'Invalid version.';
const UNKNOWN_FIELD = 'Unknown field.';
const NOTHING = 'Nothing to change.';
const LANGUAGE_ID = 'language_id must be a language id.';
const UNKNOWN_LANGUAGE = 'Unknown language.';
const VAT_ID = "The VAT id must start with its country code and follow that country's format, e.g. DE123456789.";
const HOME_COUNTRY = 'Choose the home country from the list, or none.';
const CURRENCY_CODE = 'The default currency must be a currency code such as EUR.';
const TITLE = 'The title is required.';
const CONTENT = 'The content must be text (HTML).';
const CONTENT_LONG = 'The content may have at most 200000 characters.';
const ORDER = 'The order must be a whole number.';
const SLUG_FORMAT =
  'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.';
const LINK = 'The link must be a path on this shop (starting with /) or an https:// address.';
const IMAGE = 'The image must be a path on this shop (starting with /) or an https:// address.';
const PHONE = 'A phone number may contain only digits, spaces, +, ( ) and -, 5 to 32 characters.';
/** Over the 200 000 characters an HTML field takes, under the 1 MB body limit. */
const HUGE_HTML = `<p>${'<b>x</b>'.repeat(25_001)}</p>`;
const HUGE_ARRAY = Array.from({ length: 50_000 }, (_, i) => i);

/** Path ids under attack: `path(id)` builds the route's path around the id text. */
export function idCases(path: (id: string) => string, notFound: string, message = ID): Case[] {
  return [
    param('SQL as id', path(encodeURIComponent(SQL)), 422, message),
    param('HTML as id', path(encodeURIComponent(HTML)), 422, message),
    param('../ as id', path(encodeURIComponent('../settings')), 422, message),
    param('negative id', path('-1'), 422, message),
    param('zero id', path('0'), 422, message),
    param('fractional id', path('1.5'), 422, message),
    param('exponent id', path('1e1'), 422, message),
    param('hex id', path('0x10'), 422, message),
    param('id past the integer column', path('2147483648'), 422, message),
    param('huge id', path('99999999999999999999'), 422, message),
    param('id beyond a float', path('1e999'), 422, message),
    param('NaN id', path('NaN'), 422, message),
    param('id with spaces', path('%201%20'), 422, message),
    param('huge id text', path(huge(10_000)), 422, message),
    param('unknown id', path('999999999'), 404, notFound),
  ];
}

/** The shared text fields of a FAQ, featured tile and page: type, length, order, extras. */
function commonFieldCases(valid: Record<string, unknown>, titleMax: number): Case[] {
  return [
    invalid('title as number', { ...valid, title: 42 }, TITLE),
    invalid('title as object', { ...valid, title: { $ne: '' } }, TITLE),
    invalid('title as huge array', { ...valid, title: HUGE_ARRAY }, TITLE),
    invalid('blank title', { ...valid, title: '   ' }, TITLE),
    invalid('huge title', { ...valid, title: huge(100_000) }, `The title may have at most ${titleMax} characters.`),
    invalid(
      'title one over the limit',
      { ...valid, title: huge(titleMax + 1) },
      `The title may have at most ${titleMax} characters.`,
    ),
    invalid('negative order', { ...valid, position: -1 }, 'The order must be 0 or more.'),
    invalid('fractional order', { ...valid, position: 1.5 }, ORDER),
    invalid('huge order', { ...valid, position: 1e20 }, ORDER),
    invalid('order over the maximum', { ...valid, position: 100_001 }, 'The order may be at most 100000.'),
    invalid('SQL as order', { ...valid, position: SQL }, ORDER),
    invalid('order as array', { ...valid, position: [1] }, ORDER),
    invalid('extra field id', { ...valid, id: 1 }, UNKNOWN_FIELD),
    invalid('extra field created_at', { ...valid, created_at: '2020-01-01' }, UNKNOWN_FIELD),
    invalid(
      'prototype key',
      JSON.parse(`{${JSON.stringify(valid).slice(1, -1)},"__proto__":{"role":"admin"}}`),
      UNKNOWN_FIELD,
    ),
  ];
}

/** A patch's language: type and range at the edge, existence in the service. */
function languageCases(valid: Record<string, unknown>): Case[] {
  return [
    invalid('negative language_id', { ...valid, language_id: -1 }, LANGUAGE_ID),
    invalid('zero language_id', { ...valid, language_id: 0 }, LANGUAGE_ID),
    invalid('fractional language_id', { ...valid, language_id: 1.5 }, LANGUAGE_ID),
    invalid('huge language_id', { ...valid, language_id: 1e308 }, LANGUAGE_ID),
    invalid('SQL as language_id', { ...valid, language_id: SQL }, LANGUAGE_ID),
    invalid('language_id as array', { ...valid, language_id: [1] }, LANGUAGE_ID),
    invalid('unknown language_id', { ...valid, language_id: 999_999 }, UNKNOWN_LANGUAGE),
  ];
}

function patchCases(valid: Record<string, unknown>, language: number): Case[] {
  return [
    invalid('empty patch', {}, NOTHING),
    invalid('only the language', { language_id: language }, NOTHING),
    ...languageCases(valid),
  ];
}

const slugCases = (valid: Record<string, unknown>, otherSlug: string): Case[] => [
  invalid('uppercase slug', { ...valid, slug: 'About-Us' }, SLUG_FORMAT),
  invalid('slug with spaces', { ...valid, slug: 'about us' }, SLUG_FORMAT),
  invalid('../ as slug', { ...valid, slug: '../admin' }, SLUG_FORMAT),
  invalid('slash in the slug', { ...valid, slug: 'a/b' }, SLUG_FORMAT),
  invalid('SQL as slug', { ...valid, slug: SQL }, SLUG_FORMAT),
  invalid('HTML as slug', { ...valid, slug: HTML }, SLUG_FORMAT),
  invalid('double hyphen in the slug', { ...valid, slug: 'a--b' }, SLUG_FORMAT),
  invalid('non-ASCII slug', { ...valid, slug: 'über-uns' }, SLUG_FORMAT),
  invalid('digits-only slug', { ...valid, slug: '123' }, 'The slug must contain at least one letter.'),
  invalid('empty slug', { ...valid, slug: '  ' }, 'The slug is required.'),
  invalid('huge slug', { ...valid, slug: huge(100_000) }, 'The slug may have at most 96 characters.'),
  invalid('slug as number', { ...valid, slug: 7 }, 'The slug is required.'),
  invalid('slug as array', { ...valid, slug: ['about'] }, 'The slug is required.'),
  invalid('slug of another page', { ...valid, slug: otherSlug }, 'Another page already uses this slug.'),
];

const contentCases = (valid: Record<string, unknown>): Case[] => [
  invalid('content as number', { ...valid, content: 1 }, CONTENT),
  invalid('content as object', { ...valid, content: { html: '<p>x</p>' } }, CONTENT),
  invalid('content as huge array', { ...valid, content: HUGE_ARRAY }, CONTENT),
  invalid('HTML content over the limit', { ...valid, content: HUGE_HTML }, CONTENT_LONG),
];

const flagCases = (valid: Record<string, unknown>, names: string[]): Case[] =>
  names.flatMap((name) => [
    invalid(`${name} as text`, { ...valid, [name]: 'true' }, `${name} must be true or false.`),
    invalid(`${name} as number`, { ...valid, [name]: 1 }, `${name} must be true or false.`),
  ]);

function featuredFieldCases(valid: Record<string, unknown>): Case[] {
  return [
    invalid('javascript: link', { ...valid, url: 'javascript:alert(1)' }, LINK),
    invalid('protocol-relative link', { ...valid, url: '//evil.example/x' }, LINK),
    invalid('http link', { ...valid, url: 'http://evil.example/x' }, LINK),
    invalid('link with HTML', { ...valid, url: `/x"${HTML}` }, LINK),
    invalid('huge link', { ...valid, url: `/${huge(100_000)}` }, LINK),
    invalid('link as number', { ...valid, url: 5 }, LINK),
    invalid('data: image', { ...valid, image_url: 'data:image/svg+xml,<svg onload=alert(1)>' }, IMAGE),
    invalid('image as array', { ...valid, image_url: ['/a.png'] }, IMAGE),
    invalid(
      'huge short title',
      { ...valid, short_title: huge(100_000) },
      'The short title may have at most 96 characters.',
    ),
    invalid('short title as number', { ...valid, short_title: 5 }, 'The short title must be text.'),
    invalid(
      'huge description',
      { ...valid, description: huge(100_000) },
      'The description may have at most 1000 characters.',
    ),
    invalid('description as array', { ...valid, description: HUGE_ARRAY }, 'The description must be text.'),
  ];
}

const ORDER_NR = 'Invalid order number.';
const CUSTOMER_ID = 'Invalid customer id.';
const TRACKING_URL = 'The tracking link must be an https:// address.';
const DESTINATION = 'The refund goes to card, balance or external.';
const AMOUNT = 'The amount must be a whole number of cents from 1.';
const LINE_ID = 'order_item_id must be a line of this order.';
const LINE_QUANTITY = 'The quantity to refund must be a whole number from 1.';
const DELTA = 'The change must be a whole number of cents, not 0.';

/** The order number in the path under attack; with `json` the valid body reaches the unknown-order answer. */
function orderNrCases(path: (nr: string) => string, json?: unknown): Case[] {
  const body = json === undefined ? {} : { json };
  return [
    { ...param('SQL as order number', path(encodeURIComponent(SQL)), 422, ORDER_NR), ...body },
    { ...param('HTML as order number', path(encodeURIComponent(HTML)), 422, ORDER_NR), ...body },
    { ...param('../ as order number', path(encodeURIComponent('../../customers/1')), 422, ORDER_NR), ...body },
    { ...param('lowercase order number', path('gs-2025-1001'), 422, ORDER_NR), ...body },
    { ...param('huge order number', path(huge(10_000)), 422, ORDER_NR), ...body },
    { ...param('unknown order', path('GS-1999-1'), 404, 'Order not found.'), ...body },
  ];
}

/** The staff actions on orders and balances (ADR 023): a Failed order refuses all of them. */
function orderActionTable(ids: AdminIds): Record<string, Entry> {
  const order = (action: string) => (nr: string) => `/api/admin/orders/${nr}/${action}`;
  const staff = (action: string, body: Entry['body'], cases: Case[]): Entry => ({
    who: 'admin',
    path: order(action)(ids.failedOrderNr),
    body,
    cases,
  });
  const ship = { carrier: 'DHL', tracking_number: 'JJD0001' };
  const cancel = { reason: 'Customer asked' };
  const refund = { destination: 'balance', reason: 'Damaged' };
  const balancePath = (id: string) => `/api/admin/customers/${id}/balance`;
  const balance = { delta_cents: 100, reason: 'Goodwill' };
  return {
    'POST /api/admin/orders/:orderNr/mark-paid': staff('mark-paid', 'none', [
      ...orderNrCases(order('mark-paid')),
      { name: 'not pending', status: 409, message: 'Only a pending order can be marked paid; this one is Failed.' },
    ]),
    'POST /api/admin/orders/:orderNr/ship': staff('ship', 'object', [
      ...orderNrCases(order('ship'), ship),
      invalid('everything missing', {}, 'The carrier is required.'),
      invalid('carrier as number', { ...ship, carrier: 5 }, 'The carrier is required.'),
      invalid('huge carrier', { ...ship, carrier: huge(100_000) }, 'The carrier may have at most 64 characters.'),
      invalid(
        'HTML as tracking number',
        { ...ship, tracking_number: HTML },
        'The tracking number may contain only letters, digits, spaces and . / - _',
      ),
      invalid(
        'SQL as tracking number',
        { ...ship, tracking_number: SQL },
        'The tracking number may contain only letters, digits, spaces and . / - _',
      ),
      invalid('tracking number as array', { ...ship, tracking_number: ['1'] }, 'The tracking number is required.'),
      invalid('http tracking link', { ...ship, tracking_url: 'http://track.example.com/1' }, TRACKING_URL),
      invalid('javascript: tracking link', { ...ship, tracking_url: 'javascript:alert(1)' }, TRACKING_URL),
      invalid(
        'data: tracking link',
        { ...ship, tracking_url: 'data:text/html,<script>alert(1)</script>' },
        TRACKING_URL,
      ),
      invalid(
        'tracking link with a password',
        { ...ship, tracking_url: 'https://user:pw@track.example.com/' },
        TRACKING_URL,
      ),
      invalid(
        'huge tracking link',
        { ...ship, tracking_url: `https://track.example.com/${huge(100_000)}` },
        'The tracking link may have at most 500 characters.',
      ),
      invalid('tracking link as object', { ...ship, tracking_url: { href: 'https://x.example' } }, TRACKING_URL),
      invalid('extra field', { ...ship, status: 'Shipped' }, UNKNOWN_FIELD),
      { name: 'not paid', json: ship, status: 409, message: 'Only a paid order can be shipped; this one is Failed.' },
    ]),
    'POST /api/admin/orders/:orderNr/cancel': staff('cancel', 'object', [
      ...orderNrCases(order('cancel'), cancel),
      invalid('reason missing', {}, 'The reason is required.'),
      invalid('reason too short', { reason: 'x' }, 'The reason needs at least 3 characters.'),
      invalid('huge reason', { reason: huge(100_000) }, 'The reason may have at most 500 characters.'),
      invalid('reason as array', { reason: HUGE_ARRAY }, 'The reason is required.'),
      invalid('unknown destination', { ...cancel, refund_to: 'cash' }, DESTINATION),
      invalid('SQL as destination', { ...cancel, refund_to: SQL }, DESTINATION),
      invalid('extra field', { ...cancel, refunded_cents: 0 }, UNKNOWN_FIELD),
      {
        name: 'not cancellable',
        json: cancel,
        status: 409,
        message: 'Only a pending or paid order that has not shipped can be cancelled; this one is Failed.',
      },
    ]),
    'POST /api/admin/orders/:orderNr/refund': staff('refund', 'object', [
      ...orderNrCases(order('refund'), refund),
      invalid('destination missing', { reason: 'Damaged' }, DESTINATION),
      invalid('HTML as destination', { ...refund, destination: HTML }, DESTINATION),
      invalid('reason missing', { destination: 'card' }, 'The reason is required.'),
      invalid('negative amount', { ...refund, amount_cents: -100 }, AMOUNT),
      invalid('fractional amount', { ...refund, amount_cents: 1.5 }, AMOUNT),
      invalid('huge amount', { ...refund, amount_cents: 1e20 }, AMOUNT),
      invalid(
        'amount over the limit',
        { ...refund, amount_cents: 100_000_001 },
        'The amount may be at most 100000000 cents.',
      ),
      invalid('SQL as amount', { ...refund, amount_cents: SQL }, AMOUNT),
      invalid('lines as text', { ...refund, lines: SQL }, 'The lines must be a list of order lines and quantities.'),
      invalid('no lines', { ...refund, lines: [] }, 'Choose at least one line to refund.'),
      invalid('line with a negative id', { ...refund, lines: [{ order_item_id: -1, quantity: 1 }] }, LINE_ID),
      invalid('line id as SQL', { ...refund, lines: [{ order_item_id: SQL, quantity: 1 }] }, LINE_ID),
      invalid('zero quantity', { ...refund, lines: [{ order_item_id: 1, quantity: 0 }] }, LINE_QUANTITY),
      invalid('huge quantity', { ...refund, lines: [{ order_item_id: 1, quantity: 1e9 }] }, LINE_QUANTITY),
      invalid(
        'the same line twice',
        {
          ...refund,
          lines: [
            { order_item_id: 1, quantity: 1 },
            { order_item_id: 1, quantity: 1 },
          ],
        },
        'Each line may be named once.',
      ),
      invalid(
        'too many lines',
        { ...refund, lines: Array.from({ length: 201 }, (_, i) => ({ order_item_id: i + 1, quantity: 1 })) },
        'At most 200 lines can be refunded at once.',
      ),
      invalid(
        'lines and an amount',
        { ...refund, amount_cents: 100, lines: [{ order_item_id: 1, quantity: 1 }] },
        'Refund either lines or an amount, not both.',
      ),
      invalid(
        'extra field in a line',
        { ...refund, lines: [{ order_item_id: 1, quantity: 1, price_cents: 1 }] },
        UNKNOWN_FIELD,
      ),
      invalid('extra field', { ...refund, status: 'succeeded' }, UNKNOWN_FIELD),
      {
        name: 'short Idempotency-Key',
        json: refund,
        headers: { 'Idempotency-Key': 'short' },
        status: 422,
        message: 'The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -',
      },
      {
        name: 'SQL as Idempotency-Key',
        json: refund,
        headers: { 'Idempotency-Key': "k' OR '1'='1'--" },
        status: 422,
        message: 'The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -',
      },
      {
        name: 'not paid',
        json: refund,
        status: 409,
        message: 'Only a paid or shipped order can be refunded; this one is Failed.',
      },
    ]),
    'POST /api/admin/orders/:orderNr/notes': staff('notes', 'object', [
      ...orderNrCases(order('notes'), { text: 'A note for an order that does not exist' }),
      invalid('text missing', {}, 'The note is required.'),
      invalid('blank text', { text: '   ' }, 'The note is required.'),
      invalid('huge text', { text: huge(100_000) }, 'The note may have at most 2000 characters.'),
      invalid('text as object', { text: { $ne: '' } }, 'The note is required.'),
      invalid('extra field', { text: 'x', internal: false }, UNKNOWN_FIELD),
    ]),
    'GET /api/admin/orders/:orderNr/documents/:number': staff('documents/INV-1999-1', 'none', [
      param('SQL as document number', order(`documents/${encodeURIComponent(SQL)}`)(ids.failedOrderNr), 422),
      param('unknown document', order('documents/INV-1999-1')(ids.failedOrderNr), 404),
      param('unknown order', order('documents/INV-1999-1')('GS-1999-1'), 404),
    ]),
    'POST /api/admin/orders/:orderNr/returns/:returnNr/receive': staff('returns/R-GS-1999-1-1/receive', 'object', [
      {
        ...param(
          'SQL as return number',
          order(`returns/${encodeURIComponent(SQL)}/receive`)(ids.failedOrderNr),
          422,
          'Invalid return number.',
        ),
        json: {},
      },
      { ...param('unknown return', order('returns/R-GS-1999-1-1/receive')(ids.failedOrderNr), 404), json: {} },
      invalid('lines as text', { lines: SQL }, 'The lines must be a list.'),
      invalid('restock as text', { lines: [{ order_item_id: 1, restock: 'yes' }] }, 'restock must be true or false.'),
      invalid('extra field', { lines: [], status: 'received' }, UNKNOWN_FIELD),
    ]),
    'POST /api/admin/orders/:orderNr/returns/:returnNr/refund': staff('returns/R-GS-1999-1-1/refund', 'object', [
      {
        ...param('unknown return', order('returns/R-GS-1999-1-1/refund')(ids.failedOrderNr), 404),
        json: { destination: 'balance' },
      },
      invalid('destination missing', {}, DESTINATION),
      invalid('SQL as destination', { destination: SQL }, DESTINATION),
      invalid('external without reference', { destination: 'external' }),
      invalid('extra field', { destination: 'balance', amount_cents: 1 }, UNKNOWN_FIELD),
    ]),
    'POST /api/admin/orders/:orderNr/returns/:returnNr/reject': staff('returns/R-GS-1999-1-1/reject', 'object', [
      {
        ...param(
          'SQL as return number',
          order(`returns/${encodeURIComponent(SQL)}/reject`)(ids.failedOrderNr),
          422,
          'Invalid return number.',
        ),
        json: { reason: 'Used item' },
      },
      {
        ...param('unknown return', order('returns/R-GS-1999-1-1/reject')(ids.failedOrderNr), 404),
        json: { reason: 'Used item' },
      },
      invalid('reason missing', {}, 'Give the customer a reason for the rejection.'),
      invalid('reason blank', { reason: '   ' }, 'The reason needs at least 3 characters.'),
      invalid('reason too long', { reason: 'x'.repeat(501) }, 'The reason may have at most 500 characters.'),
      invalid('reason as object', { reason: { $ne: 1 } }, 'Give the customer a reason for the rejection.'),
      invalid('extra field', { reason: 'Used item', status: 'refunded' }, UNKNOWN_FIELD),
    ]),
    'GET /api/admin/customers/:id/data-export': {
      who: 'admin',
      path: `/api/admin/customers/${ids.customer}/data-export`,
      body: 'none',
      cases: [param('SQL as id', `/api/admin/customers/${encodeURIComponent(SQL)}/data-export`, 422)],
    },
    'POST /api/admin/customers/:id/erase': {
      who: 'admin',
      path: `/api/admin/customers/${ids.customer}/erase`,
      body: 'object',
      cases: [
        {
          ...param('SQL as id', `/api/admin/customers/${encodeURIComponent(SQL)}/erase`, 422),
          json: { reason: 'Asked' },
        },
        invalid('reason missing', {}, 'The reason is required.'),
        invalid('reason too short', { reason: 'x' }, 'The reason needs at least 3 characters.'),
        invalid('huge reason', { reason: huge(100_000) }, 'The reason may have at most 500 characters.'),
        invalid('extra field', { reason: 'Asked by mail', keep: true }, UNKNOWN_FIELD),
      ],
    },
    'POST /api/admin/customers/:id/balance': {
      who: 'admin',
      path: balancePath(String(ids.customer)),
      body: 'object',
      cases: [
        ...idCases(balancePath, 'Customer not found.', CUSTOMER_ID).map((c) => ({ ...c, json: balance })),
        invalid('everything missing', {}, DELTA),
        invalid('zero change', { ...balance, delta_cents: 0 }, DELTA),
        invalid('fractional change', { ...balance, delta_cents: 1.5 }, DELTA),
        invalid('huge change', { ...balance, delta_cents: 1e20 }, DELTA),
        invalid(
          'change over the limit',
          { ...balance, delta_cents: 100_000_001 },
          'The change may be at most 100000000 cents either way.',
        ),
        invalid('SQL as change', { ...balance, delta_cents: SQL }, DELTA),
        invalid('change as text', { ...balance, delta_cents: '100' }, DELTA),
        invalid('reason missing', { delta_cents: 100 }, 'The reason is required.'),
        invalid('reason too short', { ...balance, reason: 'ok' }, 'The reason needs at least 3 characters.'),
        invalid('huge reason', { ...balance, reason: huge(100_000) }, 'The reason may have at most 500 characters.'),
        invalid(
          'below zero',
          { ...balance, delta_cents: -100_000_000 },
          /^The balance cannot go below 0: it is €\d+\.\d\d\.$/,
        ),
        invalid('extra field', { ...balance, kind: 'refund' }, UNKNOWN_FIELD),
      ],
    },
  };
}

/** Blocks pages (ADR 027): every case refused before anything is written. */
function pageBlockTable(ids: AdminIds, pagePath: (id: string) => string): Record<string, Entry> {
  const editor = (path: string, body: Entry['body'], cases: Case[] = []): Entry => ({
    who: 'editor',
    path,
    body,
    cases,
  });
  const blocks = `${pagePath(String(ids.page))}/blocks`;
  const texts = `${pagePath(String(ids.page))}/block-texts`;
  const draft = `${pagePath(String(ids.page))}/draft`;
  const hero = { id: 'h', v: 1, type: 'hero', heading: 'Hi', text: '', image: null, button: null };
  const tile = { title: '', description: '', href: '', image: null };
  const featured = { id: 'f', v: 1, type: 'featured', heading: '', tiles: [tile, tile, tile, tile, tile] };
  const LINK = 'A link must be a path on this shop (starting with /) or an https:// address.';
  return {
    'GET /api/admin/static-pages/:id/blocks': editor(
      blocks,
      'none',
      idCases((id) => `${pagePath(id)}/blocks`, 'Page not found'),
    ),
    'PUT /api/admin/static-pages/:id/blocks': editor(blocks, 'object', [
      ...idCases((id) => `${pagePath(id)}/blocks`, 'Page not found').map((c) => ({ ...c, json: { layout: 'blocks' } })),
      invalid('empty body', {}, NOTHING),
      invalid('SQL as layout', { layout: SQL }, 'layout must be html or blocks.'),
      invalid('blocks as text', { blocks: SQL }, 'blocks must be a list.'),
      invalid(
        'unknown block type',
        { blocks: [{ ...hero, type: 'script' }] },
        'type must be one of hero, rich_text, image, image_text, product_grid, category_tiles, cta, faq, newsletter, spacer, featured.',
      ),
      invalid(
        'javascript: button',
        { blocks: [{ ...hero, button: { label: 'x', href: 'javascript:alert(1)' } }] },
        LINK,
      ),
      invalid('HTML in a link', { blocks: [{ ...hero, button: { label: 'x', href: `/x"${HTML}` } }] }, LINK),
      invalid(
        'huge heading',
        { blocks: [{ ...hero, heading: huge(10_000) }] },
        'The heading may have at most 120 characters.',
      ),
      invalid(
        'hero without heading',
        { blocks: [{ ...hero, heading: '   ' }] },
        "A hero needs a heading (it is the page's title when the hero opens it).",
      ),
      invalid(
        'four featured tiles',
        { blocks: [{ ...featured, tiles: featured.tiles.slice(1) }] },
        'The featured area has exactly 5 tiles.',
      ),
      invalid(
        'featured tiles as text',
        { blocks: [{ ...featured, tiles: SQL }] },
        'The featured area has exactly 5 tiles.',
      ),
      invalid(
        'javascript: tile link',
        { blocks: [{ ...featured, tiles: [{ ...tile, href: 'javascript:alert(1)' }, ...featured.tiles.slice(1)] }] },
        LINK,
      ),
      invalid(
        'huge tile title',
        { blocks: [{ ...featured, tiles: [{ ...tile, title: huge(10_000) }, ...featured.tiles.slice(1)] }] },
        'The tile title may have at most 80 characters.',
      ),
      invalid(
        'unknown field in a tile',
        { blocks: [{ ...featured, tiles: [{ ...tile, onclick: 'x' }, ...featured.tiles.slice(1)] }] },
        'A tile is { title, description, href, image }.',
      ),
      invalid(
        'linked image without alternative text',
        { blocks: [{ id: 'i', v: 1, type: 'image', image: null, alt: '', caption: '', href: '/x' }] },
        "An image with a link needs an alternative text (here or in the media library): it is the link's name.",
      ),
      invalid(
        'huge rich text',
        { blocks: [{ id: 'r', v: 1, type: 'rich_text', html: huge(60_000) }] },
        'The text must be HTML of at most 50000 characters.',
      ),
      invalid('unknown field in a block', { blocks: [{ ...hero, onload: 'x' }] }, UNKNOWN_FIELD),
      invalid(
        'block id with HTML',
        { blocks: [{ ...hero, id: HTML }] },
        'A block id has 1 to 32 letters, digits, dashes or underscores.',
      ),
      invalid('the same id twice', { blocks: [hero, hero] }, 'The block id h is used twice.'),
      invalid(
        'too many blocks',
        { blocks: Array.from({ length: 51 }, (_, i) => ({ ...hero, id: `h${i}` })) },
        'A page may have at most 50 blocks.',
      ),
      invalid('future block version', { blocks: [{ ...hero, v: 2 }] }, 'This block version is unknown.'),
      invalid(
        'SQL as product source',
        { blocks: [{ id: 'g', v: 1, type: 'product_grid', heading: '', source: SQL, count: 4 }] },
        'The products come from a category, the sale, the new arrivals or a list of SKUs.',
      ),
    ]),
    'PUT /api/admin/static-pages/:id/schedule': editor(`${pagePath(String(ids.page))}/schedule`, 'object', [
      ...idCases((id) => `${pagePath(id)}/schedule`, 'Page not found').map((c) => ({
        ...c,
        json: { publish_at: null },
      })),
      invalid('empty body', {}, NOTHING),
      invalid(
        'SQL as a time',
        { publish_at: SQL },
        'A time is an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.',
      ),
      invalid(
        'a time without offset',
        { publish_at: '2030-01-01T08:00:00' },
        'A time is an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.',
      ),
      invalid(
        'a number as time',
        { unpublish_at: 1_900_000_000 },
        'A time is an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.',
      ),
      invalid(
        'down before up',
        { publish_at: '2030-02-01T00:00:00Z', unpublish_at: '2030-01-01T00:00:00Z' },
        'The page must come down after it goes up.',
      ),
    ]),
    'PUT /api/admin/static-pages/:id/seo': editor(`${pagePath(String(ids.page))}/seo`, 'object', [
      ...idCases((id) => `${pagePath(id)}/seo`, 'Page not found').map((c) => ({ ...c, json: { noindex: false } })),
      invalid('empty body', {}, NOTHING),
      invalid('only the language', { language_id: ids.language }, NOTHING),
      invalid(
        'huge meta title',
        { meta_title: huge(10_000) },
        'The meta title may have at most 70 characters (search results show about 60).',
      ),
      invalid('meta description as array', { meta_description: ['x'] }, 'The meta description must be text.'),
      invalid('SQL as photo', { og_asset_id: SQL }, 'og_asset_id must be an uploaded photo.'),
      invalid('unknown photo', { og_asset_id: 999_999_999 }, 'The sharing photo was not found: choose it again.'),
      invalid('noindex as text', { noindex: 'yes' }, 'noindex must be true or false.'),
    ]),
    'POST /api/admin/static-pages/:id/preview-link': editor(`${pagePath('999999999')}/preview-link`, 'object', [
      ...idCases((id) => `${pagePath(id)}/preview-link`, 'Page not found').map((c) => ({ ...c, json: {} })),
      invalid('hours as text', { hours: '72' }, 'A preview link lasts 1 to 168 hours.'),
      invalid('a year', { hours: 8_760 }, 'A preview link lasts 1 to 168 hours.'),
      invalid('extra field', { page_id: 1 }, UNKNOWN_FIELD),
    ]),
    'PUT /api/admin/static-pages/:id/draft': editor(draft, 'object', [
      ...idCases((id) => `${pagePath(id)}/draft`, 'Page not found').map((c) => ({ ...c, json: { layout: 'blocks' } })),
      invalid('empty body', {}, NOTHING),
      invalid('SQL as layout', { layout: SQL }, 'layout must be html or blocks.'),
      invalid(
        'javascript: button',
        { blocks: [{ ...hero, button: { label: 'x', href: 'javascript:alert(1)' } }] },
        LINK,
      ),
      invalid(
        'texts without a language',
        { texts: { h: { heading: 'x' } } },
        "Another language's texts need both language_id and texts.",
      ),
      invalid(
        'blocks and texts at once',
        { blocks: [hero], language_id: ids.language, texts: {} },
        "Save the blocks and another language's texts separately.",
      ),
      invalid(
        'unknown photo',
        { blocks: [{ ...hero, image: { asset_id: 999_999_999 } }] },
        'An image of a block was not found: choose it again from the media library.',
      ),
      invalid(
        'huge text',
        { language_id: ids.language, texts: { h: { heading: huge(60_000) } } },
        'A text may have at most 50000 characters.',
      ),
    ]),
    'POST /api/admin/static-pages/:id/draft/publish': editor(
      `${pagePath('999999999')}/draft/publish`,
      'none',
      idCases((id) => `${pagePath(id)}/draft/publish`, 'Page not found'),
    ),
    'DELETE /api/admin/static-pages/:id/draft': editor(
      `${pagePath('999999999')}/draft`,
      'none',
      idCases((id) => `${pagePath(id)}/draft`, 'Page not found'),
    ),
    'PUT /api/admin/static-pages/:id/block-texts': editor(texts, 'object', [
      ...idCases((id) => `${pagePath(id)}/block-texts`, 'Page not found').map((c) => ({
        ...c,
        json: { language_id: ids.language, texts: {} },
      })),
      invalid('everything missing', {}, LANGUAGE_ID),
      invalid('texts as text', { language_id: ids.language, texts: SQL }, 'texts must map block ids to their texts.'),
      invalid(
        'block id with HTML',
        { language_id: ids.language, texts: { [HTML]: { heading: 'x' } } },
        'texts must map block ids to their texts.',
      ),
      invalid(
        'huge text',
        { language_id: ids.language, texts: { h: { heading: huge(60_000) } } },
        'A text may have at most 50000 characters.',
      ),
      invalid(
        'heading longer than in the default language',
        { language_id: ids.language, texts: { h: { heading: huge(121) } } },
        'The heading may have at most 120 characters.',
      ),
      invalid(
        'button label longer than in the default language',
        { language_id: ids.language, texts: { h: { 'button.label': huge(61) } } },
        'The button label may have at most 60 characters.',
      ),
      invalid(
        'unknown block',
        { language_id: ids.language, texts: { nope: { heading: 'x' } } },
        'The page has no block nope.',
      ),
    ]),
  };
}

export function adminRouteTable(ids: AdminIds): Record<string, Entry> {
  const pagePath = (id: string) => `/api/admin/static-pages/${id}`;
  const versionPath =
    (suffix = '') =>
    (version: string) =>
      `/api/admin/static-pages/${ids.page}/versions/${version}${suffix}`;
  const faqPath = (id: string) => `/api/admin/faqs/${id}`;
  const featuredPath = (id: string) => `/api/admin/featured-categories/${id}`;
  const newPage = { slug: 'hostile-new-page', title: 'Hostile', content: '<p>x</p>' };
  const newFaq = { title: 'Hostile?', content: '<p>x</p>' };
  const newTile = { title: 'Hostile tile', url: '/products/all/all' };
  const translation = { language_id: ids.language, key: 'faq.title', value: 'Häufige Fragen' };
  const editor = (path: string, body: Entry['body'], cases: Case[] = []): Entry => ({
    who: 'editor',
    path,
    body,
    cases,
  });
  // The shop settings (with the Google tag) need the admin's `settings` permission (roles.ts).
  const admin = (path: string, body: Entry['body'], cases: Case[] = []): Entry => ({ who: 'admin', path, body, cases });
  // A valid body sent to an id that does not exist: the edit is refused before anything is written.
  const missing = (path: string, json: unknown, message: string): Case => ({
    name: 'valid body, unknown id',
    path,
    json,
    status: 404,
    message,
  });

  return {
    ...orderActionTable(ids),
    ...catalogRouteTable(ids, idCases),
    'GET /api/admin/static-pages': editor('/api/admin/static-pages', 'none'),
    'POST /api/admin/static-pages': editor('/api/admin/static-pages', 'object', [
      invalid('everything missing', {}, 'The slug is required.'),
      invalid('title missing', { slug: 'hostile-x', content: '<p>x</p>' }, TITLE),
      invalid('content missing', { slug: 'hostile-x', title: 'X' }, CONTENT),
      invalid('language_id on create', { ...newPage, language_id: ids.language }, UNKNOWN_FIELD),
      ...commonFieldCases(newPage, 191),
      ...slugCases(newPage, ids.otherSlug),
      ...contentCases(newPage),
      ...flagCases(newPage, ['is_terms', 'is_privacy', 'is_cookie', 'published']),
    ]),
    'GET /api/admin/static-pages/:id': editor(pagePath(String(ids.page)), 'none', idCases(pagePath, 'Page not found')),
    'PUT /api/admin/static-pages/:id': editor(pagePath(String(ids.page)), 'object', [
      ...idCases(pagePath, 'Page not found').map((c) => ({ ...c, json: { title: 'Hostile' } })),
      missing(pagePath('999999999'), { title: 'Hostile' }, 'Page not found'),
      ...patchCases({ title: 'Hostile' }, ids.language),
      ...commonFieldCases({ title: 'Hostile' }, 191).filter((c) => c.name !== 'prototype key'),
      ...slugCases({}, ids.otherSlug),
      ...contentCases({}),
      ...flagCases({}, ['is_terms', 'is_privacy', 'is_cookie', 'published']),
    ]),
    'DELETE /api/admin/static-pages/:id': editor(
      pagePath(String(ids.page)),
      'none',
      idCases(pagePath, 'Page not found'),
    ),
    'GET /api/admin/static-pages/:id/versions': editor(
      `${pagePath(String(ids.page))}/versions`,
      'none',
      idCases((id) => `${pagePath(id)}/versions`, 'Page not found'),
    ),
    'GET /api/admin/static-pages/:id/versions/:version': editor(versionPath()('1'), 'none', [
      ...idCases((id) => `${pagePath(id)}/versions/1`, 'Version not found'),
      ...idCases(versionPath(), 'Version not found', VERSION),
    ]),
    'POST /api/admin/static-pages/:id/versions/:version/restore': editor(versionPath('/restore')('1'), 'none', [
      ...idCases((id) => `${pagePath(id)}/versions/1/restore`, 'Page not found'),
      ...idCases(versionPath('/restore'), 'Version not found', VERSION),
    ]),
    ...pageBlockTable(ids, pagePath),

    'GET /api/admin/faqs': editor('/api/admin/faqs', 'none'),
    'POST /api/admin/faqs': editor('/api/admin/faqs', 'object', [
      invalid('everything missing', {}, TITLE),
      invalid('content missing', { title: 'Why?' }, CONTENT),
      invalid('language_id on create', { ...newFaq, language_id: ids.language }, UNKNOWN_FIELD),
      ...commonFieldCases(newFaq, 255),
      ...contentCases(newFaq),
      ...flagCases(newFaq, ['is_popular', 'published']),
    ]),
    'GET /api/admin/faqs/:id': editor(faqPath(String(ids.faq)), 'none', idCases(faqPath, 'FAQ not found')),
    'PUT /api/admin/faqs/:id': editor(faqPath(String(ids.faq)), 'object', [
      ...idCases(faqPath, 'FAQ not found').map((c) => ({ ...c, json: { title: 'Hostile' } })),
      missing(faqPath('999999999'), { title: 'Hostile' }, 'FAQ not found'),
      ...patchCases({ title: 'Hostile' }, ids.language),
      ...commonFieldCases({ title: 'Hostile' }, 255).filter((c) => c.name !== 'prototype key'),
      ...contentCases({}),
      ...flagCases({}, ['is_popular', 'published']),
    ]),
    'DELETE /api/admin/faqs/:id': editor(faqPath(String(ids.faq)), 'none', idCases(faqPath, 'FAQ not found')),

    'GET /api/admin/featured-categories': editor('/api/admin/featured-categories', 'none'),
    'POST /api/admin/featured-categories': editor('/api/admin/featured-categories', 'object', [
      invalid('everything missing', {}, TITLE),
      invalid('link missing', { title: 'Tile' }, LINK),
      invalid('language_id on create', { ...newTile, language_id: ids.language }, UNKNOWN_FIELD),
      ...commonFieldCases(newTile, 191),
      ...featuredFieldCases(newTile),
    ]),
    'GET /api/admin/featured-categories/:id': editor(
      featuredPath(String(ids.featured)),
      'none',
      idCases(featuredPath, 'Featured category not found'),
    ),
    'PUT /api/admin/featured-categories/:id': editor(featuredPath(String(ids.featured)), 'object', [
      ...idCases(featuredPath, 'Featured category not found').map((c) => ({ ...c, json: { position: 3 } })),
      missing(featuredPath('999999999'), { position: 3 }, 'Featured category not found'),
      ...patchCases({ title: 'Hostile' }, ids.language),
      ...commonFieldCases({ title: 'Hostile' }, 191).filter((c) => c.name !== 'prototype key'),
      ...featuredFieldCases({}),
    ]),
    'DELETE /api/admin/featured-categories/:id': editor(
      featuredPath(String(ids.featured)),
      'none',
      idCases(featuredPath, 'Featured category not found'),
    ),

    'GET /api/admin/settings': admin('/api/admin/settings', 'none'),
    'PUT /api/admin/settings': admin('/api/admin/settings', 'object', [
      invalid('empty patch', {}, NOTHING),
      invalid('hero field here', { hero_title: 'Hi' }, UNKNOWN_FIELD),
      invalid('extra field id', { id: 2, copyright: '©' }, UNKNOWN_FIELD),
      invalid('huge requisites', { requisites: huge(100_000) }, 'Requisites may have at most 2000 characters.'),
      invalid('copyright as array', { copyright: HUGE_ARRAY }, 'Copyright must be text.'),
      invalid(
        'huge company address',
        { company_address: huge(10_000) },
        'The company address may have at most 500 characters.',
      ),
      invalid('HTML as support email', { support_email: HTML }, 'The support email must be an email address.'),
      invalid('SQL as support email', { support_email: SQL }, 'The support email must be an email address.'),
      invalid(
        'huge support email',
        { support_email: `${huge(100_000)}@example.com` },
        'The support email may have at most 254 characters.',
      ),
      invalid('support email as object', { support_email: { $ne: '' } }, 'The support email must be an email address.'),
      invalid('SQL as phone', { phone_payment_global: SQL }, PHONE),
      invalid('HTML as phone', { phone_payment_uk_eu: HTML }, PHONE),
      invalid('huge phone', { phone_payment_global: '1'.repeat(100_000) }, PHONE),
      invalid('phone as number', { phone_payment_global: 4915123456789 }, PHONE),
      invalid('negative VAT', { vat_percent: -1 }, 'VAT must be between 0 and 100.'),
      invalid('VAT over 100', { vat_percent: 100.01 }, 'VAT must be between 0 and 100.'),
      invalid('huge VAT', { vat_percent: 1e308 }, 'VAT must be between 0 and 100.'),
      invalid('VAT with 3 decimals', { vat_percent: 19.125 }, 'VAT may have at most 2 decimals.'),
      invalid('NaN VAT', { vat_percent: 'NaN' }, 'VAT must be a number.'),
      invalid('SQL as VAT', { vat_percent: SQL }, 'VAT must be a number.'),
      invalid('registration flag as text', { is_reg_enabled: 'false' }, 'is_reg_enabled must be true or false.'),
      invalid(
        'negative balance adjustment limit',
        { balance_adjust_limit_cents: -1 },
        'The balance adjustment limit must be between 0 and 100000000 cents.',
      ),
      invalid(
        'huge balance adjustment limit',
        { balance_adjust_limit_cents: 1e308 },
        'The balance adjustment limit must be a whole number of cents.',
      ),
      invalid(
        'balance adjustment limit one over the maximum',
        { balance_adjust_limit_cents: 100_000_001 },
        'The balance adjustment limit must be between 0 and 100000000 cents.',
      ),
      invalid(
        'fractional balance adjustment limit',
        { balance_adjust_limit_cents: 10.5 },
        'The balance adjustment limit must be a whole number of cents.',
      ),
      invalid(
        'SQL as balance adjustment limit',
        { balance_adjust_limit_cents: SQL },
        'The balance adjustment limit must be a whole number of cents.',
      ),
      invalid(
        'balance adjustment limit as text',
        { balance_adjust_limit_cents: '5000' },
        'The balance adjustment limit must be a whole number of cents.',
      ),
      invalid(
        'HTML as Google tag',
        { google_tag: HTML },
        'The Google tag may contain only <script> elements (the snippet Google gives you).',
      ),
      invalid(
        'Google tag over http',
        { google_tag: '<script async src="http://evil.example/gtag.js"></script>' },
        'Scripts in the Google tag must load over https.',
      ),
      invalid(
        'Google tag from javascript:',
        { google_tag: '<script src="javascript:alert(1)"></script>' },
        'Scripts in the Google tag must load over https.',
      ),
      invalid(
        'Google tag with a handler',
        { google_tag: '<script onload="alert(1)" src="https://www.googletagmanager.com/gtag/js"></script>' },
        'The Google tag may not carry event handler attributes.',
      ),
      invalid(
        'huge Google tag',
        { google_tag: `<script>${huge(100_000)}</script>` },
        'The Google tag may have at most 5000 characters.',
      ),
      invalid('Google tag as object', { google_tag: { src: 'x' } }, 'The Google tag must be text.'),
      invalid('huge shop name', { shop_name: huge(100_000) }, 'The shop name may have at most 96 characters.'),
      invalid('shop name as array', { shop_name: HUGE_ARRAY }, 'The shop name must be text.'),
      invalid(
        'huge legal name',
        { legal_name: huge(10_000) },
        'The legal company name may have at most 191 characters.',
      ),
      invalid('SQL as VAT id', { vat_id: SQL }, VAT_ID),
      invalid('HTML as VAT id', { vat_id: HTML }, VAT_ID),
      invalid('huge VAT id', { vat_id: `DE${'1'.repeat(100_000)}` }, VAT_ID),
      invalid('VAT id as number', { vat_id: 123456789 }, 'The VAT id must be text.'),
      invalid('German VAT id one digit short', { vat_id: 'DE12345678' }, VAT_ID),
      invalid('SQL as contact phone', { contact_phone: SQL }, PHONE),
      invalid('home country as text', { home_country_id: '1' }, HOME_COUNTRY),
      invalid('home country as fraction', { home_country_id: 1.5 }, HOME_COUNTRY),
      invalid('home country overflow', { home_country_id: 2 ** 53 }, HOME_COUNTRY),
      invalid('unknown home country', { home_country_id: 999_999 }, 'Choose a country from the list.'),
      invalid('SQL as default currency', { default_currency: SQL }, CURRENCY_CODE),
      invalid('default currency as object', { default_currency: { $ne: '' } }, CURRENCY_CODE),
      invalid('unknown default currency', { default_currency: 'XXX' }, "Choose one of the shop's currencies."),
    ]),
    'POST /api/admin/home-page': editor('/api/admin/home-page', 'none'),
    'GET /api/admin/home-hero': editor('/api/admin/home-hero', 'none'),
    'PUT /api/admin/home-hero': editor('/api/admin/home-hero', 'object', [
      invalid('empty patch', {}, NOTHING),
      invalid('settings field here', { copyright: '©' }, UNKNOWN_FIELD),
      invalid('huge hero title', { hero_title: huge(100_000) }, 'The hero title may have at most 120 characters.'),
      invalid(
        'huge hero subtitle',
        { hero_subtitle: huge(10_000) },
        'The hero subtitle may have at most 300 characters.',
      ),
      invalid('hero title as number', { hero_title: 1 }, 'The hero title must be text.'),
      invalid('hero subtitle as huge array', { hero_subtitle: HUGE_ARRAY }, 'The hero subtitle must be text.'),
      invalid('language_id as text', { language_id: 'de', hero_title: 'Hallo' }, LANGUAGE_ID),
      invalid('unknown language_id', { language_id: 999_999, hero_title: 'Hallo' }, UNKNOWN_LANGUAGE),
      invalid('only a language_id', { language_id: ids.language }, NOTHING),
    ]),

    // Without language_id: the common cases' lang_id and currency are answered before it is read.
    'GET /api/admin/translations': editor('/api/admin/translations', 'none', [
      { name: 'language_id missing', status: 422, message: LANGUAGE_ID },
      {
        name: 'SQL as language_id',
        query: `?language_id=${encodeURIComponent(SQL)}`,
        status: 422,
        message: LANGUAGE_ID,
      },
      { name: 'negative language_id', query: '?language_id=-1', status: 422, message: LANGUAGE_ID },
      { name: 'fractional language_id', query: '?language_id=1.5', status: 422, message: LANGUAGE_ID },
      { name: 'huge language_id', query: '?language_id=1e999', status: 422, message: LANGUAGE_ID },
      {
        name: 'language_id past the integer column',
        query: '?language_id=2147483648',
        status: 422,
        message: LANGUAGE_ID,
      },
      { name: 'language_id twice', query: '?language_id=1&language_id=2', status: 422, message: LANGUAGE_ID },
      { name: 'unknown language_id', query: '?language_id=999999', status: 422, message: UNKNOWN_LANGUAGE },
      {
        name: 'huge search',
        query: `?language_id=${ids.language}&q=${huge(10_000)}`,
        status: 422,
        message: 'The search may have at most 191 characters.',
      },
      {
        name: 'search twice',
        query: `?language_id=${ids.language}&q=a&q=b`,
        status: 422,
        message: 'The search must be text.',
      },
      {
        name: 'missing flag not a flag',
        query: `?language_id=${ids.language}&missing=${encodeURIComponent(HTML)}`,
        status: 422,
        message: 'missing must be 1 or 0.',
      },
    ]),
    'PUT /api/admin/translations': editor('/api/admin/translations', 'object', [
      invalid('everything missing', {}, LANGUAGE_ID),
      ...languageCases(translation),
      invalid('key missing', { ...translation, key: undefined }, 'The key is required.'),
      invalid('key as number', { ...translation, key: 5 }, 'The key is required.'),
      invalid('unknown key', { ...translation, key: 'no.such.key' }, 'Unknown message key.'),
      invalid('SQL as key', { ...translation, key: SQL }, 'Unknown message key.'),
      invalid('prototype name as key', { ...translation, key: '__proto__' }, 'Unknown message key.'),
      invalid('huge key', { ...translation, key: huge(100_000) }, 'Unknown message key.'),
      invalid('value missing', { ...translation, value: undefined }, 'The text is required.'),
      invalid('blank value', { ...translation, value: '  ' }, 'The text is required.'),
      invalid('value as array', { ...translation, value: HUGE_ARRAY }, 'The text is required.'),
      invalid('huge value', { ...translation, value: huge(100_000) }, 'The text may have at most 2000 characters.'),
      invalid(
        'placeholder dropped',
        { ...translation, key: 'header.cartCount', value: 'Warenkorb' },
        'The text must keep exactly the placeholders of the English text: {{count}}.',
      ),
      invalid(
        'placeholder added',
        { ...translation, value: 'Fragen {{constructor}}' },
        'The text must keep exactly the placeholders of the English text: none.',
      ),
      invalid('extra field', { ...translation, id: 1 }, UNKNOWN_FIELD),
    ]),

    'POST /api/admin/preview': editor('/api/admin/preview', 'object', [
      invalid('content missing', {}, CONTENT),
      ...contentCases({}),
      invalid('extra field', { content: '<p>x</p>', slug: 'x' }, UNKNOWN_FIELD),
    ]),

    'GET /api/admin/media/library': editor('/api/admin/media/library', 'none', [
      {
        name: 'huge search',
        query: `?q=${huge(10_000)}`,
        status: 422,
        message: 'The search may have at most 120 characters.',
      },
      {
        name: 'SQL as cursor',
        query: `?before=${encodeURIComponent(SQL)}`,
        status: 422,
        message: 'before must be the `next` of the previous page.',
      },
      { name: 'unknown parameter', query: '?limit=5', status: 422, message: 'Unknown parameter.' },
    ]),
    'PUT /api/admin/media/:id/alt': editor('/api/admin/media/999999999/alt', 'object', [
      ...idCases((id) => `/api/admin/media/${id}/alt`, 'Photo not found.').map((c) => ({
        ...c,
        json: { alt: { en: 'x' } },
      })),
      invalid('alt as text', { alt: SQL }, 'alt must map language codes to texts.'),
      invalid('huge alt', { alt: { en: huge(10_000) } }, 'An alternative text may have at most 300 characters.'),
      invalid('no default text', { alt: { de: 'x' } }, 'The alternative text in English is required.'),
      invalid('extra field', { alt: {}, id: 1 }, UNKNOWN_FIELD),
    ]),
    'DELETE /api/admin/media/:id': editor(
      '/api/admin/media/999999999',
      'none',
      idCases((id) => `/api/admin/media/${id}`, 'Photo not found.'),
    ),
    'GET /api/admin/media': editor('/api/admin/media', 'none', [
      {
        name: 'SQL as before',
        query: `?before=${encodeURIComponent(SQL)}`,
        status: 422,
        message: 'before must be the `next` of the previous page.',
      },
      {
        name: 'negative before',
        query: '?before=-1',
        status: 422,
        message: 'before must be the `next` of the previous page.',
      },
      {
        name: 'before past the integer column',
        query: '?before=2147483648',
        status: 422,
        message: 'before must be the `next` of the previous page.',
      },
      { name: 'before twice', query: '?before=1&before=2', status: 422 },
      { name: 'zero limit', query: '?limit=0', status: 422, message: 'limit must be a whole number from 1 to 100.' },
      {
        name: 'limit over 100',
        query: '?limit=101',
        status: 422,
        message: 'limit must be a whole number from 1 to 100.',
      },
      {
        name: 'huge limit',
        query: '?limit=1e999',
        status: 422,
        message: 'limit must be a whole number from 1 to 100.',
      },
      {
        name: 'HTML as limit',
        query: `?limit=${encodeURIComponent(HTML)}`,
        status: 422,
        message: 'limit must be a whole number from 1 to 100.',
      },
    ]),
    // Refused uploads store nothing: no row, and no file (the fingerprints see the rows).
    'POST /api/admin/media': editor('/api/admin/media', 'multipart'),
    // The mail log (permission `settings`): the cursor, the search, ids; a resend of no mail writes nothing.
    'GET /api/admin/mail': admin('/api/admin/mail', 'none', [
      {
        name: 'huge search',
        query: `?q=${huge(10_000)}`,
        status: 422,
        message: 'The search may have at most 254 characters.',
      },
      { name: 'search twice', query: '?q=a&q=b', status: 422 },
      {
        name: 'SQL as cursor',
        query: `?before=${encodeURIComponent(SQL)}`,
        status: 422,
        message: 'before must be the `next_before` of the previous page.',
      },
      {
        name: 'negative cursor',
        query: '?before=-1',
        status: 422,
        message: 'before must be the `next_before` of the previous page.',
      },
      {
        name: 'cursor past the integer column',
        query: '?before=2147483648',
        status: 422,
        message: 'before must be the `next_before` of the previous page.',
      },
      { name: 'unknown parameter', query: '?limit=5', status: 422, message: 'Unknown parameter.' },
    ]),
    'GET /api/admin/mail/:id': admin(
      '/api/admin/mail/999999999',
      'none',
      idCases((id) => `/api/admin/mail/${id}`, 'Mail not found.'),
    ),
    'POST /api/admin/mail/:id/resend': admin(
      '/api/admin/mail/999999999/resend',
      'none',
      idCases((id) => `/api/admin/mail/${id}/resend`, 'Mail not found.'),
    ),
    'GET /api/admin/editors': { who: 'admin', path: '/api/admin/editors', body: 'none', cases: [] },
    'PUT /api/admin/editors': {
      who: 'admin',
      path: '/api/admin/editors',
      body: 'object',
      cases: [
        invalid('everything missing', {}, 'Enter the account’s email address.'),
        invalid('HTML as email', { email: HTML, role: 'editor' }, 'Enter the account’s email address.'),
        invalid('SQL as email', { email: SQL, role: 'editor' }, 'Enter the account’s email address.'),
        invalid(
          'huge email',
          { email: `${huge(100_000)}@example.com`, role: 'editor' },
          'Enter the account’s email address.',
        ),
        invalid(
          'email as array',
          { email: ['demo@example.com'], role: 'editor' },
          'Enter the account’s email address.',
        ),
        invalid(
          'role admin',
          { email: 'demo@example.com', role: 'admin' },
          'The role must be staff, editor or customer.',
        ),
        invalid(
          'role in capitals',
          { email: 'demo@example.com', role: 'EDITOR' },
          'The role must be staff, editor or customer.',
        ),
        invalid('SQL as role', { email: 'demo@example.com', role: SQL }, 'The role must be staff, editor or customer.'),
        invalid(
          'role as number',
          { email: 'demo@example.com', role: 1 },
          'The role must be staff, editor or customer.',
        ),
        invalid('extra field', { email: 'demo@example.com', role: 'editor', id: 1 }, UNKNOWN_FIELD),
        {
          ...invalid(
            'own role',
            { email: ids.adminEmail.toUpperCase(), role: 'customer' },
            'You cannot change your own role.',
          ),
          status: 403,
        },
        invalid(
          'unknown account',
          { email: 'nobody@example.com', role: 'editor' },
          'No account has this email address.',
        ),
      ],
    },
  };
}
