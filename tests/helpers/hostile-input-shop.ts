/**
 * The hostile inputs of the shop's own API routes (everything but /api/admin, which is in
 * hostile-input-admin.ts), and the inputs every route gets (commonCases). Run by
 * tests/integration/hostile-input.test.ts, which fails for a route of the app without an entry.
 */
import { MAX_BODY_BYTES } from '@/server/api/app';
import { BODY_MESSAGES } from '@/server/api/body';
import { API_UPLOAD_BODY_LIMIT_BYTES } from '@/server/page-requests.mjs';
import { type Case, type Entry, HTML, NUL_IN_ADDRESS, SQL, huge, invalid, param } from './hostile-input';
import { EU_VAT_ID_MESSAGE } from '@/lib/rules/vat-id';

const LANG = 'The selected language is invalid.';
const CURRENCY = 'The selected currency is invalid.';
const NOT_OBJECT = 'The request body must be a JSON object.';
const SHIPPING = 'Please complete all required shipping information.';
const EMAIL = 'Please enter a valid email address';

/** Bytes that are not UTF-8 (a lone continuation byte and 0xFF) inside an otherwise valid object. */
const INVALID_UTF8 = new Uint8Array([...Buffer.from('{"name":"'), 0xc3, 0x28, 0xff, 0xfe, ...Buffer.from('"}')]);
const DEEP = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
const DEEP_ARRAY = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;

/** Inputs every route gets: the locale fields every call may carry, and NUL in the address. */
export function commonCases(entry: Entry, method: string): Case[] {
  const cases: Case[] = [{ name: 'NUL in the query', query: '?q=%00', status: 400, message: NUL_IN_ADDRESS }];
  if (!entry.noLocale) {
    cases.push(
      { name: 'HTML as lang_id', query: `?lang_id=${encodeURIComponent(HTML)}`, status: 422, message: LANG },
      { name: 'negative lang_id', query: '?lang_id=-1', status: 422, message: LANG },
      { name: 'huge lang_id', query: '?lang_id=1e999', status: 422, message: LANG },
      { name: 'NaN lang_id', query: '?lang_id=NaN', status: 422, message: LANG },
      { name: 'SQL as currency', query: `?currency=${encodeURIComponent(SQL)}`, status: 422, message: CURRENCY },
      { name: 'huge currency', query: `?currency=${huge(5000)}`, status: 422, message: CURRENCY },
    );
  }
  if (method === 'GET') return cases;
  if (entry.body === 'multipart')
    return [...cases, ...(entry.path.includes('catalog-imports') ? csvUploadCases() : uploadCases())];
  cases.push(
    { name: 'malformed JSON', raw: { body: '{"name": "a",' }, status: 400, message: BODY_MESSAGES.json },
    { name: 'invalid UTF-8', raw: { body: INVALID_UTF8 }, status: 400, message: BODY_MESSAGES.utf8 },
    {
      name: 'form-encoded body',
      raw: { body: 'name=a&email=b', type: 'application/x-www-form-urlencoded' },
      status: 415,
      message: BODY_MESSAGES.contentType,
    },
    {
      name: 'JSON sent as text/plain',
      raw: { body: '{}', type: 'text/plain' },
      status: 415,
      message: BODY_MESSAGES.contentType,
    },
    {
      name: 'multipart body',
      raw: {
        body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
        type: 'multipart/form-data; boundary=b',
      },
      status: 415,
      message: BODY_MESSAGES.contentType,
    },
    {
      name: 'JSON in another charset',
      raw: { body: '{}', type: 'application/json; charset=latin1' },
      status: 415,
      message: BODY_MESSAGES.contentType,
    },
    { name: 'deeply nested object', raw: { body: DEEP }, status: 400, message: BODY_MESSAGES.depth },
    { name: 'deeply nested array', raw: { body: DEEP_ARRAY }, status: 400, message: BODY_MESSAGES.depth },
    {
      name: 'NUL in a string',
      json: { name: 'a\u0000b', email: 'a\u0000@example.com' },
      status: 400,
      message: BODY_MESSAGES.nul,
    },
    { name: 'NUL in a key', json: { 'na\u0000me': 'a' }, status: 400, message: BODY_MESSAGES.nul },
    {
      name: 'body over 1 MB',
      raw: { body: `{"text":"${huge(MAX_BODY_BYTES)}"}` },
      status: 413,
      message: 'The request body is too large (limit 1 MB).',
    },
  );
  if (!entry.noLocale) {
    cases.push(
      { name: 'HTML as lang_id in the body', json: { lang_id: HTML }, status: 422, message: LANG },
      { name: 'object as currency in the body', json: { currency: { $ne: null } }, status: 422, message: CURRENCY },
      { name: 'huge number as lang_id in the body', json: { lang_id: 1e308 }, status: 422, message: LANG },
    );
  }
  if (entry.body !== 'none') {
    const shape =
      entry.body === 'signed' ? { status: 400, message: 'Invalid signature.' } : { status: 400, message: NOT_OBJECT };
    cases.push(
      { name: 'array body', json: [1, 2, 3], ...shape },
      { name: 'string body', json: 'hello', ...shape },
      { name: 'number body', json: 42, ...shape },
      { name: 'null body', json: null, ...shape },
      { name: 'huge array body', json: Array.from({ length: 50_000 }, (_, i) => i), ...shape },
    );
  }
  return cases;
}

/** A multipart/form-data body with the given parts (name, optional file name, content). */
export function multipart(parts: { name: string; filename?: string; type?: string; content: string }[]): {
  body: string;
  type: string;
} {
  const boundary = 'hostileBoundary7MA4YWxkTrZu0gW';
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.content}\r\n`,
    )
    .join('');
  return { body: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/** What a file upload route gets instead of the JSON cases: other body types, no file, too much. */
function uploadCases(): Case[] {
  const FILE_MISSING = 'Choose an image file to upload (form field "file").';
  const NOT_IMAGE = 'The file must be a JPEG, PNG, WebP or AVIF image.';
  const file = (filename: string, content: string, type = 'image/jpeg') => ({
    raw: multipart([{ name: 'file', filename, type, content }]),
  });
  return [
    { name: 'JSON body', json: { file: 'x' }, status: 415, message: BODY_MESSAGES.multipart },
    {
      name: 'form-encoded body',
      raw: { body: 'file=a', type: 'application/x-www-form-urlencoded' },
      status: 415,
      message: BODY_MESSAGES.multipart,
    },
    {
      name: 'image sent as the raw body',
      raw: { body: '\u00ff\u00d8\u00ff', type: 'image/jpeg' },
      status: 415,
      message: BODY_MESSAGES.multipart,
    },
    {
      name: 'multipart without a boundary',
      raw: { body: 'x', type: 'multipart/form-data' },
      status: 415,
      message: BODY_MESSAGES.multipart,
    },
    {
      name: 'no file field',
      raw: multipart([{ name: 'picture', filename: 'a.jpg', content: 'x' }]),
      status: 422,
      message: FILE_MISSING,
    },
    {
      name: 'file as a text field',
      raw: multipart([{ name: 'file', content: SQL }]),
      status: 422,
      message: FILE_MISSING,
    },
    { name: 'text named .jpg', ...file('photo.jpg', 'not really a photo at all'), status: 422, message: NOT_IMAGE },
    { name: 'HTML named .png', ...file('x.png', HTML, 'image/png'), status: 422, message: NOT_IMAGE },
    {
      name: 'SVG with a script',
      ...file('logo.svg', `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`, 'image/svg+xml'),
      status: 422,
      message: NOT_IMAGE,
    },
    { name: 'SQL and HTML as the file name', ...file(`${SQL}${HTML}.jpg`, 'text'), status: 422, message: NOT_IMAGE },
    { name: 'empty file', ...file('empty.jpg', ''), status: 422 },
    {
      name: 'form part without a name',
      raw: {
        body: '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
        type: 'multipart/form-data; boundary=b',
      },
      status: 400,
      message: BODY_MESSAGES.form,
    },
    {
      name: 'truncated multipart',
      raw: {
        body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
        type: 'multipart/form-data; boundary=b',
      },
      status: 400,
      message: 'Malformed FormData request. Failed to parse body as FormData.',
    },
    {
      name: 'body over 16 MB',
      raw: { ...file('big.jpg', huge(API_UPLOAD_BODY_LIMIT_BYTES)).raw },
      status: 413,
      message: 'The upload is too large (limit 16 MB).',
    },
  ];
}

/**
 * The catalogue CSV upload: the same transport cases; every file here is refused before its dry run
 * (which would record an import). Hostile images zips are answered by the dry run's problem lines:
 * catalog-import.test.ts and catalog-import-zip-memory.test.ts.
 */
function csvUploadCases(): Case[] {
  const FILE_MISSING = 'Choose a CSV file (form field "file").';
  const file = (filename: string, content: string, type = 'text/csv') => ({
    raw: multipart([{ name: 'file', filename, type, content }]),
  });
  return [
    {
      name: 'form part without a name',
      raw: {
        body: '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
        type: 'multipart/form-data; boundary=b',
      },
      status: 400,
      message: BODY_MESSAGES.form,
    },
    { name: 'JSON body', json: { file: 'x' }, status: 415, message: BODY_MESSAGES.multipart },
    {
      name: 'CSV sent as the raw body',
      raw: { body: 'sku\nA', type: 'text/csv' },
      status: 415,
      message: BODY_MESSAGES.multipart,
    },
    {
      name: 'no file field',
      raw: multipart([{ name: 'csv', filename: 'a.csv', content: 'x' }]),
      status: 422,
      message: FILE_MISSING,
    },
    {
      name: 'file as a text field',
      raw: multipart([{ name: 'file', content: SQL }]),
      status: 422,
      message: FILE_MISSING,
    },
    { name: 'empty file', ...file('empty.csv', ''), status: 422, message: 'The file is empty.' },
    {
      name: 'NUL bytes',
      ...file('binary.csv', 'sku\u0000\nA'),
      status: 422,
      message: 'The file is not a CSV text file.',
    },
    {
      name: 'body over 16 MB',
      raw: { ...file('big.csv', huge(API_UPLOAD_BODY_LIMIT_BYTES)).raw },
      status: 413,
      message: 'The upload is too large (limit 16 MB).',
    },
  ];
}

const phone = { phone: '+49 1512 3456789', phoneCountryCode: 'DE', nationalNumber: '15123456789' };
const shipping = {
  name: 'Alex',
  surname: 'Demo',
  email: 'demo@example.com',
  country: 'Germany',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postCode: '10117',
  payment_method: 'phone',
  ...phone,
};
const profile = {
  name: 'Alex',
  surname: 'Demo',
  email: 'demo@example.com',
  address: 'Street 1',
  city: 'Berlin',
  post_code: '10117',
  country_id: null,
};
const contact = { name: 'Ann', surname: 'Walker', email: 'ann@example.com', topic: 'Tent', message: 'Hello', ...phone };
const register = {
  name: 'Reg',
  surname: 'Ister',
  email: 'new.person@example.com',
  password: 'Summit2026x',
  passConfirm: 'Summit2026x',
  ...phone,
};

export function shopRouteTable(productId: number): Record<string, Entry> {
  const cartItem = (over: Record<string, unknown>) => ({ id: productId, count: 1, is_variation: false, ...over });
  const cartCases = (withCount: boolean): Case[] => [
    invalid('id missing', { count: 1 }, 'The id must be a positive whole number.'),
    invalid('negative id', cartItem({ id: -1 }), 'The id must be a positive whole number.'),
    invalid('huge id', cartItem({ id: 1e20 }), 'The id must be a positive whole number.'),
    invalid('fractional id', cartItem({ id: 1.5 }), 'The id must be a positive whole number.'),
    invalid('SQL as id', cartItem({ id: SQL }), 'The id must be a positive whole number.'),
    invalid('HTML as id', cartItem({ id: HTML }), 'The id must be a positive whole number.'),
    invalid('object as id', cartItem({ id: { $gt: 0 } }), 'The id must be a positive whole number.'),
    invalid('is_variation not a flag', cartItem({ is_variation: 'maybe' }), 'is_variation must be true or false.'),
    ...(withCount
      ? [
          invalid('zero count', cartItem({ count: 0 }), /^The quantity must be a whole number/),
          invalid('negative count', cartItem({ count: -5 }), /^The quantity must be a whole number/),
          invalid('huge count', cartItem({ count: 1e9 }), /^The quantity must be a whole number/),
          invalid('NaN count', cartItem({ count: 'NaN' }), /^The quantity must be a whole number/),
          invalid('count as array', cartItem({ count: [1] }), /^The quantity must be a whole number/),
        ]
      : []),
  ];
  const listCases: Case[] = [
    { name: 'negative limit', query: '?limit=-1', status: 422, message: 'The limit must be a whole number.' },
    { name: 'huge limit', query: '?limit=99999999999', status: 422, message: 'The limit must be a whole number.' },
    {
      name: 'limit over the maximum',
      query: '?limit=49',
      status: 422,
      message: 'The limit may not be greater than 48.',
    },
    {
      name: 'SQL as limit',
      query: `?limit=${encodeURIComponent(SQL)}`,
      status: 422,
      message: 'The limit must be a whole number.',
    },
  ];
  return {
    'GET /api/health': { who: 'guest', path: '/api/health', body: 'none', noLocale: true, cases: [] },
    'GET /api/health/live': { who: 'guest', path: '/api/health/live', body: 'none', noLocale: true, cases: [] },
    'GET /sanctum/csrf-cookie': { who: 'guest', path: '/sanctum/csrf-cookie', body: 'none', noLocale: true, cases: [] },
    // The API's description (ADR 022) reads nothing from the request.
    'GET /api/openapi.json': { who: 'guest', path: '/api/openapi.json', body: 'none', noLocale: true, cases: [] },
    'GET /api/docs': { who: 'guest', path: '/api/docs', body: 'none', noLocale: true, cases: [] },
    'GET /api/docs/scalar.js': { who: 'guest', path: '/api/docs/scalar.js', body: 'none', noLocale: true, cases: [] },
    'GET /api/products/new-arrivals': {
      who: 'guest',
      path: '/api/products/new-arrivals',
      body: 'none',
      cases: listCases,
    },
    'GET /api/products/top-products': {
      who: 'guest',
      path: '/api/products/top-products',
      body: 'none',
      cases: listCases,
    },
    'GET /api/products/on-sale': { who: 'guest', path: '/api/products/on-sale', body: 'none', cases: listCases },
    'GET /api/products/trending': { who: 'guest', path: '/api/products/trending', body: 'none', cases: listCases },
    'GET /api/products/catalog': {
      who: 'guest',
      path: '/api/products/catalog',
      body: 'none',
      cases: [
        {
          name: 'huge search',
          query: `?search=${huge(10_000)}`,
          status: 422,
          message: 'The search may not be longer than 200 characters.',
        },
        {
          name: 'HTML as sort',
          query: `?sort=${encodeURIComponent(HTML)}`,
          status: 422,
          message: 'The sort must be asc or desc.',
        },
        {
          name: 'negative price',
          query: '?price_min=-1',
          status: 422,
          message: 'The price_min must be a non-negative number.',
        },
        {
          name: 'huge price',
          query: '?price_max=1e309',
          status: 422,
          message: 'The price_max must be a non-negative number.',
        },
        {
          name: 'NaN price',
          query: '?price_min=NaN',
          status: 422,
          message: 'The price_min must be a non-negative number.',
        },
        {
          name: 'SQL as category',
          query: `?category_id=${encodeURIComponent(SQL)}`,
          status: 422,
          message: 'The category_id must be a comma-separated list of ids.',
        },
        {
          name: 'too many categories',
          query: `?category_id=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
          status: 422,
          message: 'The category_id may list at most 50 ids.',
        },
        { name: 'huge page', query: '?page=1e99', status: 422, message: 'The page must be a whole number.' },
        {
          name: 'per_page too big',
          query: '?per_page=100000',
          status: 422,
          message: 'The per_page may not be greater than 100.',
        },
        { name: 'flag not a flag', query: '?sale=<b>', status: 422, message: 'The sale field must be true or false.' },
        {
          name: 'min above max',
          query: '?price_min=10&price_max=1',
          status: 422,
          message: 'The price_min may not be greater than the price_max.',
        },
      ],
    },
    'GET /api/products/by-ids': {
      who: 'guest',
      path: '/api/products/by-ids',
      body: 'none',
      cases: [
        { name: 'ids missing', status: 422, message: 'The ids field is required.' },
        {
          name: 'SQL as ids',
          query: `?ids=${encodeURIComponent(SQL)}`,
          status: 422,
          message: 'The ids must be a comma-separated list of ids.',
        },
        {
          name: 'negative id',
          query: '?ids=-1',
          status: 422,
          message: 'The ids must be a comma-separated list of ids.',
        },
        {
          name: 'too many ids',
          query: `?ids=${Array.from({ length: 60 }, (_, i) => i + 1).join(',')}`,
          status: 422,
          message: 'The ids may list at most 50 ids.',
        },
        {
          name: 'huge ids list',
          query: `?ids=${Array.from({ length: 20_000 }, (_, i) => i + 1).join(',')}`,
          status: 422,
          message: 'The ids may list at most 50 ids.',
        },
      ],
    },
    'GET /api/products/:id/info': {
      who: 'guest',
      path: `/api/products/${productId}/info`,
      body: 'none',
      cases: [
        param(
          'SQL as id',
          `/api/products/${encodeURIComponent(SQL)}/info`,
          422,
          'The product id must be a whole number.',
        ),
        param('negative id', '/api/products/-1/info', 422, 'The product id must be a whole number.'),
        param('huge id', '/api/products/99999999999999/info', 422, 'The product id must be a whole number.'),
        param('NaN id', '/api/products/NaN/info', 422, 'The product id must be a whole number.'),
        param('unknown id', '/api/products/999999999/info', 404, 'Product not found'),
        param('NUL in the id', '/api/products/1%00/info', 400, NUL_IN_ADDRESS),
      ],
    },
    'GET /api/products/:id/reviews': {
      who: 'guest',
      path: `/api/products/${productId}/reviews`,
      body: 'none',
      cases: [
        param(
          'HTML as id',
          `/api/products/${encodeURIComponent(HTML)}/reviews`,
          422,
          'The product id must be a whole number.',
        ),
        { name: 'negative page', query: '?page=-1', status: 422, message: 'The page must be a whole number.' },
        { name: 'huge page', query: '?page=9999999999999', status: 422, message: 'The page must be a whole number.' },
      ],
    },
    'POST /api/products/:id/reviews': {
      who: 'customer',
      path: `/api/products/${productId}/reviews`,
      body: 'object',
      cases: [
        invalid('rating missing', { text: 'Fine' }, 'Please choose a rating from 1 to 5.'),
        invalid('rating zero', { rating: 0 }, 'Please choose a rating from 1 to 5.'),
        invalid('rating too high', { rating: 6 }, 'Please choose a rating from 1 to 5.'),
        invalid('negative rating', { rating: -3 }, 'Please choose a rating from 1 to 5.'),
        invalid('huge rating', { rating: 1e308 }, 'Please choose a rating from 1 to 5.'),
        invalid('fractional rating', { rating: 2.5 }, 'Please choose a rating from 1 to 5.'),
        invalid('SQL as rating', { rating: SQL }, 'Please choose a rating from 1 to 5.'),
        invalid('huge text', { rating: 5, text: huge(100_000) }, /2000/),
        invalid('text as object', { rating: 5, text: { html: HTML } }),
        invalid('text as array', { rating: 5, text: [HTML] }),
        param(
          'SQL in the product id',
          `/api/products/${encodeURIComponent(SQL)}/reviews`,
          422,
          'The product id must be a whole number.',
        ),
        param('huge product id', '/api/products/99999999999999/reviews', 422, 'The product id must be a whole number.'),
      ],
    },
    'GET /api/categories': {
      who: 'guest',
      path: '/api/categories',
      body: 'none',
      cases: [
        {
          name: 'HTML as topLevel',
          query: `?topLevel=${encodeURIComponent(HTML)}`,
          status: 422,
          message: 'The topLevel field must be 1 or 0.',
        },
      ],
    },
    'GET /api/categories/featured': { who: 'guest', path: '/api/categories/featured', body: 'none', cases: [] },
    'POST /api/newsletter/subscribe': {
      who: 'guest',
      path: '/api/newsletter/subscribe',
      body: 'object',
      cases: [
        invalid('email missing', {}, EMAIL),
        invalid('email as number', { email: 12 }, EMAIL),
        invalid('HTML as email', { email: `${HTML}@example.com` }, EMAIL),
        invalid('SQL as email', { email: SQL }, EMAIL),
        invalid('huge email', { email: `${huge(100_000)}@example.com` }, EMAIL),
        invalid('emails as array', { email: ['a@example.com', 'b@example.com'] }, EMAIL),
      ],
    },
    'GET /api/newsletter/confirm/:id': {
      who: 'guest',
      path: '/api/newsletter/confirm/1',
      body: 'none',
      // The mailed link answers with a page, not JSON: a bad link is sent to the page that says so.
      cases: [
        {
          name: 'SQL as id',
          path: `/api/newsletter/confirm/${encodeURIComponent(SQL)}?expires=1&signature=x`,
          status: 302,
          location: /\/newsletter\/invalid$/,
        },
        {
          name: 'huge id',
          path: '/api/newsletter/confirm/99999999999999999999?expires=1&signature=x',
          status: 302,
          location: /\/newsletter\/invalid$/,
        },
        {
          name: 'NaN expiry',
          path: '/api/newsletter/confirm/1?expires=NaN&signature=x',
          status: 302,
          location: /\/newsletter\/invalid$/,
        },
        {
          name: 'huge signature',
          path: `/api/newsletter/confirm/1?expires=99999999999&signature=${huge(10_000)}`,
          status: 302,
          location: /\/newsletter\/invalid$/,
        },
      ],
    },
    'GET /api/is-auth': { who: 'guest', path: '/api/is-auth', body: 'none', cases: [] },
    'POST /api/login': {
      who: 'guest',
      path: '/api/login',
      body: 'object',
      cases: [
        invalid('fields missing', {}, 'Email and password are required'),
        invalid('username as object', { username: { $ne: '' }, password: 'x' }, 'Email and password are required'),
        invalid(
          'password as number',
          { username: 'demo@example.com', password: 1234 },
          'Email and password are required',
        ),
        invalid('huge password', { username: 'demo@example.com', password: huge(100_000) }),
        invalid('huge username', { username: huge(100_000), password: 'x' }),
        invalid('SQL as username', { username: SQL, password: SQL }, 'These credentials do not match our records.'),
        invalid('HTML as username', { username: HTML, password: 'x' }, 'These credentials do not match our records.'),
        invalid('huge device name', { username: 'demo@example.com', password: 'Demo1234!', device_name: huge(10_000) }),
      ],
    },
    'POST /api/register': {
      who: 'guest',
      path: '/api/register',
      body: 'object',
      cases: [
        invalid('everything missing', {}),
        invalid('names as numbers', { ...register, name: 1, surname: 2 }),
        invalid('huge name', { ...register, name: huge(100_000) }),
        invalid('HTML as email', { ...register, email: HTML }, EMAIL),
        invalid('SQL as email', { ...register, email: SQL }, EMAIL),
        invalid('weak password', { ...register, password: 'a', passConfirm: 'a' }),
        invalid('confirmation differs', { ...register, passConfirm: 'Other2026x' }),
        invalid('phone as SQL', { ...register, phone: SQL, nationalNumber: SQL }),
        invalid('phone country as HTML', { ...register, phoneCountryCode: HTML }),
        invalid('extra fields but a name missing', { ...register, name: undefined, is_admin: true, role: 'editor' }),
        {
          name: 'prototype pollution',
          raw: { body: JSON.stringify({ ...register, name: undefined }).replace('{', '{"__proto__":{"admin":true},') },
          status: 422,
        },
        invalid('huge array as name', { ...register, name: Array.from({ length: 10_000 }, () => 'a') }),
      ],
    },
    'POST /api/logout': { who: 'guest', path: '/api/logout', body: 'none', cases: [] },
    'POST /api/user/reset-password': {
      who: 'guest',
      path: '/api/user/reset-password',
      body: 'object',
      cases: [
        invalid('email missing', {}, EMAIL),
        invalid('SQL as email', { email: SQL }, EMAIL),
        invalid('email as object', { email: { $regex: '.*' } }, EMAIL),
        invalid('huge email', { email: `${huge(100_000)}@example.com` }, EMAIL),
      ],
    },
    'POST /api/reset-password': {
      who: 'guest',
      path: '/api/reset-password',
      body: 'object',
      cases: [
        invalid('everything missing', {}),
        invalid(
          'forged token',
          { token: SQL, email: 'demo@example.com', password: 'Summit2026x', password_confirmation: 'Summit2026x' },
          /link/i,
        ),
        invalid(
          'huge token',
          {
            token: huge(100_000),
            email: 'demo@example.com',
            password: 'Summit2026x',
            password_confirmation: 'Summit2026x',
          },
          /link/i,
        ),
        invalid(
          'token as object',
          {
            token: { $ne: '' },
            email: 'demo@example.com',
            password: 'Summit2026x',
            password_confirmation: 'Summit2026x',
          },
          /link/i,
        ),
      ],
    },
    'POST /api/email/verify/resend': { who: 'customer', path: '/api/email/verify/resend', body: 'none', cases: [] },
    'GET /api/email/verify/:id/:hash': {
      who: 'guest',
      path: '/api/email/verify/1/abc',
      body: 'none',
      // The mailed link answers with a page, not JSON: a bad link is sent to the page that says so.
      cases: [
        {
          name: 'SQL as id',
          path: `/api/email/verify/${encodeURIComponent(SQL)}/x?expires=1&signature=x`,
          status: 302,
          location: /\/email\/verify\/invalid/,
        },
        {
          name: 'huge id',
          path: '/api/email/verify/99999999999999999999/x?expires=1&signature=x',
          status: 302,
          location: /\/email\/verify\/invalid/,
        },
        {
          name: 'negative expiry',
          path: '/api/email/verify/1/x?expires=-1&signature=x',
          status: 302,
          location: /\/email\/verify\/invalid/,
        },
        {
          name: 'NaN expiry',
          path: '/api/email/verify/1/x?expires=NaN&signature=x',
          status: 302,
          location: /\/email\/verify\/invalid/,
        },
        {
          name: 'huge hash',
          path: `/api/email/verify/1/${huge(10_000)}?expires=99999999999&signature=${huge(10_000)}`,
          status: 302,
          location: /\/email\/verify\/invalid/,
        },
      ],
    },
    'GET /api/user/data-export': { who: 'customer', path: '/api/user/data-export', body: 'none', cases: [] },
    'POST /api/user/delete-account': {
      who: 'customer',
      path: '/api/user/delete-account',
      body: 'object',
      cases: [
        invalid('password missing', {}, 'Enter your password to delete your account.'),
        invalid('password as object', { password: { $ne: '' } }, 'Enter your password to delete your account.'),
        { name: 'wrong password', json: { password: SQL }, status: 422 },
      ],
    },
    'GET /api/orders/:orderNr/documents/:number': {
      who: 'customer',
      path: '/api/orders/GS-1999-1/documents/INV-1999-1',
      body: 'none',
      cases: [
        param('SQL as document number', `/api/orders/GS-1999-1/documents/${encodeURIComponent(SQL)}`, 422),
        param('unknown order', '/api/orders/GS-1999-1/documents/INV-1999-1', 404),
      ],
    },
    'POST /api/orders/:orderNr/pay': {
      who: 'customer',
      path: '/api/orders/GS-1999-1/pay',
      body: 'none',
      cases: [
        param('SQL as order number', `/api/orders/${encodeURIComponent(SQL)}/pay`, 422),
        param('HTML as order number', `/api/orders/${encodeURIComponent(HTML)}/pay`, 422),
        param('unknown order', '/api/orders/GS-1999-1/pay', 404),
      ],
    },
    'POST /api/orders/:orderNr/cancel': {
      who: 'customer',
      path: '/api/orders/GS-1999-1/cancel',
      body: 'none',
      cases: [
        param('SQL as order number', `/api/orders/${encodeURIComponent(SQL)}/cancel`, 422),
        param('HTML as order number', `/api/orders/${encodeURIComponent(HTML)}/cancel`, 422),
        param('unknown order', '/api/orders/GS-1999-1/cancel', 404),
      ],
    },
    'POST /api/orders/:orderNr/returns': {
      who: 'customer',
      path: '/api/orders/GS-1999-1/returns',
      body: 'object',
      cases: [
        invalid('lines missing', { reason: 'damaged' }, 'Choose the items to return.'),
        invalid('no lines', { lines: [], reason: 'damaged' }, 'Choose at least one item to return.'),
        invalid(
          'SQL as reason',
          { lines: [{ order_item_id: 1, quantity: 1 }], reason: SQL },
          'Choose a reason for the return.',
        ),
        invalid(
          'zero quantity',
          { lines: [{ order_item_id: 1, quantity: 0 }], reason: 'damaged' },
          'The quantity to return must be a whole number from 1.',
        ),
        {
          name: 'unknown order',
          json: { lines: [{ order_item_id: 1, quantity: 1 }], reason: 'damaged' },
          status: 404,
          message: 'Order not found.',
        },
      ],
    },
    'GET /api/user/profile': { who: 'customer', path: '/api/user/profile', body: 'none', cases: [] },
    'PUT /api/user/profile': {
      who: 'customer',
      path: '/api/user/profile',
      body: 'object',
      cases: [
        invalid('everything missing', {}),
        invalid('name as object', { ...profile, name: { first: 'A' } }),
        invalid('huge name', { ...profile, name: huge(100_000) }),
        invalid('huge address', { ...profile, address: huge(100_000) }),
        invalid('HTML as email', { ...profile, email: HTML }),
        invalid('negative country', { ...profile, country_id: -1 }),
        invalid('huge country', { ...profile, country_id: 1e20 }),
        invalid('infinite country', { ...profile, country_id: 'Infinity' }),
        invalid('SQL as country', { ...profile, country_id: SQL }),
        invalid('unknown country', { ...profile, country_id: 999_999 }),
        invalid('phone as array', { ...profile, phone: ['+4930'], phoneCountryCode: 'DE', nationalNumber: '30' }),
        invalid('extra fields but the email missing', {
          ...profile,
          email: undefined,
          id: 1,
          email_verified_at: null,
          password_hash: 'x',
        }),
        invalid('email change with a huge current_password', {
          ...profile,
          email: 'moved@example.com',
          current_password: huge(100_000),
        }),
        invalid('email change with current_password as object', {
          ...profile,
          email: 'moved@example.com',
          current_password: { $ne: '' },
        }),
        invalid('email change with SQL as current_password', {
          ...profile,
          email: 'moved@example.com',
          current_password: SQL,
        }),
      ],
    },
    'POST /api/user/change-password': {
      who: 'customer',
      path: '/api/user/change-password',
      body: 'object',
      cases: [
        invalid('everything missing', {}),
        invalid('passwords as numbers', { cur_password: 1, new_password: 2, repeat_password: 2 }),
        invalid('huge new password', {
          cur_password: 'Demo1234!',
          new_password: huge(100_000),
          repeat_password: huge(100_000),
        }),
        invalid('SQL as current password', {
          cur_password: SQL,
          new_password: 'Summit2026x',
          repeat_password: 'Summit2026x',
        }),
        invalid('repeat differs', {
          cur_password: 'Demo1234!',
          new_password: 'Summit2026x',
          repeat_password: 'Summit2026y',
        }),
      ],
    },
    'POST /api/payments/demo/webhook': {
      who: 'guest',
      path: '/api/payments/demo/webhook',
      body: 'signed',
      cases: [
        {
          name: 'unsigned',
          json: { type: 'charge.completed', payment_id: SQL },
          status: 400,
          message: 'Invalid signature.',
        },
        {
          name: 'forged signature',
          json: { type: 'charge.completed' },
          headers: { 'X-Demo-Signature': huge(10_000) },
          status: 400,
          message: 'Invalid signature.',
        },
      ],
    },
    // With Stripe configured: tests/integration/stripe-checkout.test.ts (stale, tampered, wrong secret).
    'POST /api/payments/stripe/webhook': {
      who: 'guest',
      path: '/api/payments/stripe/webhook',
      body: 'signed',
      cases: [
        {
          name: 'unsigned',
          json: { id: SQL, type: 'checkout.session.completed' },
          status: 400,
          message: 'Invalid signature.',
        },
        {
          name: 'forged signature',
          json: { id: 'evt_1' },
          headers: { 'Stripe-Signature': huge(10_000) },
          status: 400,
          message: 'Invalid signature.',
        },
        {
          name: 'signature of another shape',
          json: { id: 'evt_1' },
          headers: { 'Stripe-Signature': `t=1,v1=${'0'.repeat(64)}` },
          status: 400,
          message: 'Invalid signature.',
        },
      ],
    },
    'GET /api/payments/:id/status': {
      who: 'customer',
      path: '/api/payments/00000000-0000-4000-8000-000000000000/status',
      body: 'none',
      cases: [
        param('unknown payment', '/api/payments/00000000-0000-4000-8000-000000000000/status', 404, 'Unknown payment.'),
        param('SQL as id', `/api/payments/${encodeURIComponent(SQL)}/status`, 404, 'Unknown payment.'),
        param('uuid-shaped garbage', `/api/payments/${'-'.repeat(36)}/status`, 404, 'Unknown payment.'),
        param('huge id', `/api/payments/${huge(10_000)}/status`, 404, 'Unknown payment.'),
      ],
    },
    'POST /api/orders/checkout': {
      who: 'customer',
      path: '/api/orders/checkout',
      body: 'object',
      cases: [
        invalid('everything missing', {}),
        invalid('names as arrays', { ...shipping, name: ['a'], surname: ['b'] }),
        invalid('huge address', { ...shipping, address: huge(100_000) }),
        invalid('HTML as email', { ...shipping, email: HTML }),
        {
          ...invalid('negative country id', { ...shipping, country: -4 }, SHIPPING),
          errors: { country: 'The selected country is invalid.' },
        },
        {
          ...invalid('huge country id', { ...shipping, country: 1e20 }, SHIPPING),
          errors: { country: 'The selected country is invalid.' },
        },
        invalid('SQL as country', { ...shipping, country: SQL }),
        {
          ...invalid('payment method unknown', { ...shipping, payment_method: 'bitcoin' }, SHIPPING),
          errors: { payment_method: 'Choose card or phone payment.' },
        },
        {
          ...invalid('negative expected total', { ...shipping, expected_total: -1 }, SHIPPING),
          errors: { expected_total: 'expected_total must be a non-negative number.' },
        },
        {
          ...invalid('NaN-like expected total', { ...shipping, expected_total: 'NaN' }, SHIPPING),
          errors: { expected_total: 'expected_total must be a non-negative number.' },
        },
        {
          ...invalid('huge promo code', { ...shipping, promoCode: huge(100_000) }, SHIPPING),
          errors: { promoCode: 'The promo code may be at most 64 characters.' },
        },
        {
          ...invalid('VAT id of no EU state', { ...shipping, vat_id: 'US123456789' }, SHIPPING),
          errors: { vat_id: EU_VAT_ID_MESSAGE },
        },
        {
          ...invalid('huge VAT id', { ...shipping, vat_id: huge(100_000) }, SHIPPING),
          errors: { vat_id: EU_VAT_ID_MESSAGE },
        },
        {
          ...invalid('VAT id as object', { ...shipping, vat_id: { $ne: '' } }, SHIPPING),
          errors: { vat_id: EU_VAT_ID_MESSAGE },
        },
        {
          name: 'hostile idempotency key',
          json: shipping,
          headers: { 'Idempotency-Key': "x' OR 1=1 --" },
          status: 422,
          message: 'The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -',
        },
      ],
    },
    'POST /api/balance/top-up': {
      who: 'customer',
      path: '/api/balance/top-up',
      body: 'object',
      cases: [
        invalid('amount missing', {}, /^Enter an amount between/),
        invalid('negative amount', { amount: -50 }, /^Enter an amount between/),
        invalid('huge amount', { amount: 1e308 }, /^Enter an amount between/),
        invalid('NaN amount', { amount: 'NaN' }, /^Enter an amount between/),
        invalid('Infinity amount', { amount: 'Infinity' }, /^Enter an amount between/),
        invalid('fraction of a cent', { amount: 10.001 }, /^Enter an amount between/),
        invalid('SQL as amount', { amount: SQL }, /^Enter an amount between/),
        invalid('amount as array', { amount: [100] }, /^Enter an amount between/),
      ],
    },
    'GET /api/static-pages': { who: 'guest', path: '/api/static-pages', body: 'none', cases: [] },
    'GET /api/static-pages/:idOrSlug': {
      who: 'guest',
      path: '/api/static-pages/about',
      body: 'none',
      cases: [
        param('SQL as slug', `/api/static-pages/${encodeURIComponent(SQL)}`, 404, 'Page not found'),
        param('HTML as slug', `/api/static-pages/${encodeURIComponent(HTML)}`, 404, 'Page not found'),
        param('huge id', '/api/static-pages/99999999999999999999', 404, 'Page not found'),
        param('negative id', '/api/static-pages/-1', 404, 'Page not found'),
        param('huge slug', `/api/static-pages/${huge(10_000)}`, 404, 'Page not found'),
      ],
    },
    'GET /api/social-links': { who: 'guest', path: '/api/social-links', body: 'none', cases: [] },
    'GET /api/countries': { who: 'guest', path: '/api/countries', body: 'none', cases: [] },
    'GET /api/settings': { who: 'guest', path: '/api/settings', body: 'none', cases: [] },
    'GET /api/faqs': { who: 'guest', path: '/api/faqs', body: 'none', cases: [] },
    'GET /api/languages': { who: 'guest', path: '/api/languages', body: 'none', cases: [] },
    'GET /api/localizations': { who: 'guest', path: '/api/localizations', body: 'none', cases: [] },
    'GET /api/currencies': { who: 'guest', path: '/api/currencies', body: 'none', cases: [] },
    'GET /api/cart/contents': { who: 'customer', path: '/api/cart/contents', body: 'none', cases: [] },
    'POST /api/cart/add': { who: 'customer', path: '/api/cart/add', body: 'object', cases: cartCases(true) },
    'POST /api/cart/update': { who: 'customer', path: '/api/cart/update', body: 'object', cases: cartCases(true) },
    'POST /api/cart/remove': { who: 'customer', path: '/api/cart/remove', body: 'object', cases: cartCases(false) },
    'POST /api/cart/clear': { who: 'customer', path: '/api/cart/clear', body: 'none', cases: [] },
    'POST /api/cart/calculate-totals': {
      who: 'customer',
      path: '/api/cart/calculate-totals',
      body: 'object',
      cases: [
        invalid('country missing', { postCode: '10117' }, 'Please select a valid country.'),
        invalid('country as object', { country: { id: 1 }, postCode: '10117' }, 'Please select a valid country.'),
        invalid('negative country id', { country: -1, postCode: '10117' }, 'Please select a valid country.'),
        invalid('huge post code', { country: 'Germany', postCode: huge(100_000) }, 'Invalid postcode: it is too long.'),
        invalid(
          'promo code as number',
          { country: 'Germany', postCode: '10117', promoCode: 5 },
          'The promo code must be text.',
        ),
        invalid(
          'cart items not a list',
          { country: 'Germany', postCode: '10117', cart_items: 'all' },
          'cart_items must be a list of {item: {sku}, count}.',
        ),
        invalid(
          'huge cart items list',
          {
            country: 'Germany',
            postCode: '10117',
            cart_items: Array.from({ length: 5000 }, () => ({ item: { sku: 'X' }, count: 1 })),
          },
          'cart_items may list at most 500 items.',
        ),
        invalid(
          'negative count',
          { country: 'Germany', postCode: '10117', cart_items: [{ item: { sku: 'X' }, count: -1 }] },
          /^The quantity must be a whole number/,
        ),
        invalid(
          'cart item without its item',
          { country: 'Germany', postCode: '10117', cart_items: [{ count: 1 }] },
          'cart_items must be a list of {item: {sku}, count}.',
        ),
        invalid(
          'SQL as sku, huge',
          { country: 'Germany', postCode: '10117', cart_items: [{ item: { sku: SQL.repeat(10) }, count: 1 }] },
          'A cart item sku may be at most 64 characters.',
        ),
        invalid(
          'huge name',
          { country: 'Germany', postCode: '10117', name: huge(10_000) },
          'The name may be at most 255 characters.',
        ),
        invalid('SQL as VAT id', { country: 'Germany', postCode: '10117', vat_id: SQL }, EU_VAT_ID_MESSAGE),
        invalid('VAT id as number', { country: 'Germany', postCode: '10117', vat_id: 123456789 }, EU_VAT_ID_MESSAGE),
      ],
    },
    'POST /api/promocodes/check': {
      who: 'guest',
      path: '/api/promocodes/check',
      body: 'object',
      cases: [
        { name: 'code missing', json: {}, status: 422 },
        { name: 'code as object', json: { code: { $ne: '' } }, status: 422 },
        { name: 'code as number', json: { code: 10 }, status: 422 },
        { name: 'huge code', json: { code: huge(100_000) }, status: 422 },
        { name: 'SQL as code', json: { code: SQL }, status: 422 },
        { name: 'HTML as code', json: { code: HTML }, status: 422 },
      ],
    },
    'GET /api/orders/history': {
      who: 'customer',
      path: '/api/orders/history',
      body: 'none',
      cases: [
        { name: 'negative page', query: '?page=-1', status: 422, message: 'The page must be a whole number.' },
        { name: 'NaN page', query: '?page=NaN', status: 422, message: 'The page must be a whole number.' },
        { name: 'huge per_page', query: '?per_page=1e9', status: 422, message: 'The per_page must be a whole number.' },
        {
          name: 'SQL as page',
          query: `?page=${encodeURIComponent(SQL)}`,
          status: 422,
          message: 'The page must be a whole number.',
        },
      ],
    },
    'GET /api/processing/config/phone-payment': {
      who: 'guest',
      path: '/api/processing/config/phone-payment',
      body: 'none',
      cases: [],
    },
    'POST /api/contact-us': {
      who: 'guest',
      path: '/api/contact-us',
      body: 'object',
      cases: [
        invalid('everything missing', {}, 'Please fill in all required fields.'),
        invalid('message as object', { ...contact, message: { text: 'hi' } }),
        invalid('huge message', { ...contact, message: huge(100_000) }),
        invalid('HTML as email', { ...contact, email: HTML }, EMAIL),
        invalid('SQL as phone', { ...contact, phone: SQL, nationalNumber: SQL }),
        invalid(
          'extra fields but the topic missing',
          { ...contact, topic: undefined, user_id: 1, status: 'answered' },
          'Please fill in all required fields.',
        ),
      ],
    },
  };
}
