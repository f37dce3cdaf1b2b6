// @ts-check
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { isCompressible, negotiateEncoding } from './encoding.mjs';
import { addVary } from './compress.mjs';
import { BASE_SECURITY_HEADERS, RESOURCE_CSP, STATIC_HTML_CSP } from './security-headers.mjs';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (favicon, robots.txt) may change with a deploy: cache briefly, then revalidate. */
export const SHORT_CACHE = 'public, max-age=3600, must-revalidate';
const HTML_CACHE = 'no-cache';

/**
 * @typedef {{ path: string, size: number }} Variant
 * @typedef {{ path: string, size: number, type: string, etag: string, lastModified: string,
 *   cacheControl: string, br?: Variant, gzip?: Variant }} StaticFile
 */

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // no client build output (an API-only build): nothing static to serve
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Indexes dist/client once at start: the build output does not change while the server runs,
 * and a Map lookup both skips a stat per request and makes path traversal impossible.
 * @param {string} clientDir
 */
export async function indexStaticFiles(clientDir) {
  /** @type {Map<string, { path: string, size: number, mtimeMs: number }>} */
  const found = new Map();
  const stats = [];
  for await (const path of walk(clientDir)) {
    stats.push(stat(path).then((s) => found.set(path, { path, size: s.size, mtimeMs: s.mtimeMs })));
  }
  await Promise.all(stats);

  /** @type {Map<string, StaticFile>} */
  const files = new Map();
  for (const file of found.values()) {
    const { path } = file;
    if ((path.endsWith('.br') || path.endsWith('.gz')) && found.has(path.slice(0, -3))) continue;
    const url = '/' + relative(clientDir, path).split(sep).join('/');
    const ext = extname(path).toLowerCase();
    const br = found.get(`${path}.br`);
    const gzip = found.get(`${path}.gz`);
    const entry = {
      path,
      size: file.size,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}"`,
      lastModified: new Date(file.mtimeMs).toUTCString(),
      cacheControl: url.startsWith('/_astro/') ? IMMUTABLE : ext === '.html' ? HTML_CACHE : SHORT_CACHE,
      ...(br ? { br: { path: br.path, size: br.size } } : {}),
      ...(gzip ? { gzip: { path: gzip.path, size: gzip.size } } : {}),
    };
    files.set(url, entry);
    // Prerendered pages live in dir/index.html and are asked for as /dir or /dir/.
    if (url.endsWith('/index.html')) {
      const dirUrl = url.slice(0, -'index.html'.length);
      files.set(dirUrl, entry);
      if (dirUrl !== '/') files.set(dirUrl.slice(0, -1), entry);
    }
  }
  return files;
}

/**
 * Returns a handler that answers GET/HEAD for files of the client build and returns false for
 * everything else (which then goes to Astro).
 * @param {string} clientDir
 */
export async function createStaticHandler(clientDir) {
  const files = await indexStaticFiles(clientDir);

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return function serveStatic(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    let pathname;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return false;
    }
    const file = files.get(pathname);
    if (!file) return false;

    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', file.type.startsWith('text/html') ? STATIC_HTML_CSP : RESOURCE_CSP);
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('Last-Modified', file.lastModified);
    if (file.br || file.gzip || isCompressible(file.type)) addVary(res);

    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const variant = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined;
    // Each encoding is its own representation, so it gets its own validator.
    const etag = variant ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    if (variant) res.setHeader('Content-Encoding', /** @type {string} */ (encoding));
    const { path, size } = variant ?? file;
    res.setHeader('Content-Length', size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(path);
    stream.on('error', (error) => res.destroy(error));
    res.on('close', () => stream.destroy());
    stream.pipe(res);
    return true;
  };
}
