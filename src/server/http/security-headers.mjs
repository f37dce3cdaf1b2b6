// @ts-check
/**
 * One source for the security headers, shared by astro.config.mjs (CSP of rendered pages),
 * src/middleware.ts (every Astro response) and scripts/start.mjs (static files), so the three
 * can never drift apart. Plain .mjs because the config and the start script load it without a
 * TypeScript loader.
 */

/** The Google tag (injected after cookie consent) loads from these hosts and beacons to them. */
export const GOOGLE_TAG_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
export const GOOGLE_TAG_CONNECT_HOSTS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];
export const GOOGLE_TAG_IMG_HOSTS = ['https://www.google-analytics.com', 'https://www.googletagmanager.com'];

/**
 * Page directives besides script-src/style-src, which Astro writes itself with the hashes of
 * its own inline scripts and styles (island hydration) into the `content-security-policy`
 * header of every server-rendered page.
 */
/** @type {Parameters<NonNullable<import('astro').APIContext['csp']>['insertDirective']>[0][]} */
export const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  `img-src 'self' data: blob: ${GOOGLE_TAG_IMG_HOSTS.join(' ')}`,
  "font-src 'self' data:",
  `connect-src 'self' ${GOOGLE_TAG_CONNECT_HOSTS.join(' ')}`,
  "manifest-src 'self'",
  "worker-src 'self'",
];

/** script-src sources (Astro appends its hashes); 'self' must be listed once we list anything. */
export const PAGE_SCRIPT_RESOURCES = ["'self'", ...GOOGLE_TAG_SCRIPT_HOSTS];

/**
 * For responses that are not Astro pages: JSON, SVG, files, error texts. Nothing in them
 * should run; inline styles stay allowed so an SVG opened directly still looks right.
 */
export const RESOURCE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * For prerendered HTML files: Astro puts their script/style policy in a <meta> tag, and a
 * header policy would be enforced on top of it, so the header adds only what a meta tag
 * cannot express (frame-ancestors) and nothing that could block the meta-allowed scripts.
 */
export const STATIC_HTML_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** Headers for every response, whatever produced it. */
export const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Only features Chromium knows: unknown ones print console warnings that e2e tests may flag.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
