/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Who is signed in on this browser (src/middleware.ts), or null. */
    user: import('./server/services/auth/users').AuthUser | null;
    /** The session row id (hash), also for guest sessions; null without one. */
    sessionId: string | null;
    /** Set by a page whose HTML is the same for every signed-out visitor (src/server/services/guest-pages.server.ts). */
    cacheForGuests?: boolean;
    /**
     * Set by a page whose HTML differs between signed-in visitors only by their frame variant
     * (src/server/services/signed-in-pages.server.ts): shared among visitors with the same one.
     */
    cacheForSignedIn?: boolean;
    /** The signed-in visitor's cart badge count, when the middleware already counted it. */
    cartUnits?: number;
    /** The route's pattern (`/products/[slug]`, `/api/cart/:id`), for the metrics and traces. */
    routePattern?: string;
    /** On a product page: the signed-in visitor's review access, when the middleware already asked. */
    reviewAccess?: import('./server/services/reviews.server').ReviewAccess;
    /**
     * Set by a storefront page a CDN may keep for cookie-less guests: its surrogate keys
     * (src/server/services/cdn.ts: product-<id>, category-<id>, page-<name>), purged by edits.
     */
    surrogateKeys?: string[];
    /** Set by a page the back office shows in a frame of its own (a preview link, ADR 027): same-origin framing allowed. */
    framableBySelf?: boolean;
    /** The language of a storefront page, from its address (src/server/language-routing.ts); unset on shared paths (API, back office). */
    pageLanguageId?: number;
    /** '' or '/de': the language segment the page's address starts with. */
    pathPrefix?: string;
    /** The status a request was refused with by the page gate (src/server/page-gate.ts); the /400 page shows it. */
    requestError?: 400 | 403 | 404 | 413 | 414 | 415;
    /** On an /admin page: what the back-office guard loaded for it (src/features/admin/guard.server.ts). */
    adminPage?: import('./features/admin/admin-page.server').AdminPage;
  }
}
