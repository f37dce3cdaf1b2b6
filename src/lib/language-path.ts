/**
 * A URL per language (docs/decisions/028-language-urls.md): the default language's pages are
 * unprefixed, every other language's pages live under `/{code}/…` (`/de/products/all/all`).
 * Pure and isomorphic: the middleware routes with it, pages and islands build links with it, the
 * sitemap lists alternates with it.
 */

/**
 * Paths that are the same in every language: the API, the back office (its language is the
 * marketer's setting, a cookie), files, the payment provider's stand-in pages, machine files.
 */
const SHARED_PREFIXES = [
  '/api/',
  '/sanctum/',
  '/admin',
  '/dev/',
  '/images/',
  '/media/',
  '/_astro/',
  '/_server-islands/',
  '/pay/',
  '/locale',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon',
];

/** The URL segment of a language code (`de`, `pt-br`). */
export function languageSegment(code: string): string {
  return code.trim().toLowerCase();
}

/** Whether a path (without prefix) has a page per language. */
export function isLocalizedPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return !SHARED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export interface LanguagePathSplit {
  /** The language segment the path starts with, or null (then the path is the default language's). */
  segment: string | null;
  /** The path without it, always starting with `/`. */
  rest: string;
}

/** `/de/products` → {segment:'de', rest:'/products'}, when `de` is one of `segments`. */
export function splitLanguagePath(pathname: string, segments: readonly string[]): LanguagePathSplit {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first === undefined || !segments.includes(first)) return { segment: null, rest: pathname };
  return { segment: first, rest: match?.[2] ?? '/' };
}

/**
 * The address of an unprefixed shop path (may carry `?query` and `#hash`) in a language: unchanged
 * for the default language and for shared paths, else `/{code}` before it (`/` becomes `/de/`).
 */
export function localizePath(path: string, code: string, defaultCode: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const segment = languageSegment(code);
  if (segment === languageSegment(defaultCode) || !isLocalizedPath(path)) return path;
  return `/${segment}${path}`;
}

/** The page's language prefix as the layout writes it on <html data-path-prefix> ('' or '/de'). */
export function pathPrefix(code: string, defaultCode: string): string {
  const segment = languageSegment(code);
  return segment === languageSegment(defaultCode) ? '' : `/${segment}`;
}

/** localizePath for a known prefix ('' or '/de'), as islands have it. */
export function withPathPrefix(path: string, prefix: string): string {
  if (prefix === '' || !path.startsWith('/') || path.startsWith('//') || !isLocalizedPath(path)) return path;
  return `${prefix}${path}`;
}

/** In the browser: the prefix of the page being shown (DefaultLayout writes it). */
export function pagePathPrefix(): string {
  if (typeof document === 'undefined') return '';
  return document.documentElement.dataset.pathPrefix ?? '';
}

/** In the browser: a shop path in the language of the page being shown (for navigations). */
export function pageHref(path: string): string {
  return withPathPrefix(path, pagePathPrefix());
}

/**
 * The same address in another language: its language segment (if any) replaced. For the pickers,
 * which keep the shopper on the page they are on, filters and all.
 */
export function pathInLanguage(path: string, code: string, defaultCode: string, codes: readonly string[]): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  const { rest } = splitLanguagePath(pathname, codes.map(languageSegment));
  return localizePath(rest + suffix, code, defaultCode);
}

/** In the browser: the path of the page being shown without its language prefix (what the routes parse). */
export function pagePathname(): string {
  if (typeof location === 'undefined') return '/';
  const prefix = pagePathPrefix();
  const path = location.pathname;
  return prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`)) ? path.slice(prefix.length) || '/' : path;
}

/**
 * A page's addresses in every language, for `<link rel="alternate" hreflang>` and the sitemap's
 * `xhtml:link`: absolute, one per language plus `x-default` (the unprefixed address, which also
 * sends a visitor with a stored choice to their language).
 */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
}

export function languageAlternates(
  origin: string,
  path: string,
  languages: ReadonlyArray<{ code: string; isDefault: boolean }>,
): LanguageAlternate[] {
  const base = `${origin.replace(/\/+$/, '')}/`;
  const defaultCode = (languages.find((l) => l.isDefault) ?? languages[0])?.code ?? 'en';
  const absolute = (p: string) => new URL(p, base).href;
  return [
    ...languages.map((l) => ({ hreflang: l.code, href: absolute(localizePath(path, l.code, defaultCode)) })),
    { hreflang: 'x-default', href: absolute(path) },
  ];
}
