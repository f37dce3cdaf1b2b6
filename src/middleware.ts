import type { AstroCookies } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseDown, isDatabaseUnavailable } from './server/db/unavailable';
import { databaseUnavailableResponse, initFailureResponse } from './server/init-failure';
import { peerOf, requestOrigin } from './server/client-origin';
import { checkPageRequest, refusePage } from './server/page-gate';
import { getDb, getReadDb, hasReadReplica, ready } from './server/runtime';
import { mayReadReplica, readPrimaryCookie, withReadRouting } from './server/db/read-replica';
import { renderForGuests } from './server/services/guest-pages.server';
import { signedInVariant } from './server/services/signed-in-pages.server';
import { cartUnitsSql } from './server/services/cart/cart.server';
import { routeLanguage } from './server/language-routing';
import { localizeResponse } from './server/localize-links';
import { LANGUAGE_COOKIE, loadShopBasics } from './server/services/request-context';
import { cookieBase, SESSION_COOKIE, XSRF_COOKIE } from './server/services/auth/sessions';
import { resolvePageSession } from './server/services/auth/page-sessions';
// Plain .mjs because astro.config.mjs and the start script share it without a TS loader.
import { BASE_SECURITY_HEADERS, RESOURCE_CSP } from './server/http/security-headers.mjs';
import { guardAdminPage, isAdminPage } from './features/admin/guard.server';

const CSP = 'content-security-policy';

/** Some responses (Response.redirect, fetched ones) have immutable headers; copy them then. */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

function secure(input: Response): Response {
  const response = withMutableHeaders(input);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  // Rendered pages already carry Astro's policy with the hashes of its inline island scripts.
  if (!response.headers.has(CSP)) {
    const isHtml = response.headers.get('content-type')?.includes('text/html') ?? false;
    // Astro emits no policy in dev and Vite injects inline scripts there, so dev HTML gets
    // only the anti-framing part.
    response.headers.set(CSP, isHtml && import.meta.env.DEV ? "frame-ancestors 'none'" : RESOURCE_CSP);
  }
  return response;
}

/**
 * A page the back office frames (the page editor's preview): framing by this origin only, never
 * by another site, instead of the default 'none'.
 */
function framableBySelf(response: Response): Response {
  const policy = response.headers.get(CSP);
  if (policy) response.headers.set(CSP, policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  response.headers.set('X-Frame-Options', 'SAMEORIGIN');
  return response;
}

/** The same page, as a 503 a browser or crawler should retry (and nothing may cache). */
function asOutage(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers });
}

/** Sliding expiry: the browser keeps the cookies as long as the session row now lives. */
function extendSessionCookies(cookies: AstroCookies, value: string, expires: Date, forwardedHttps: boolean): void {
  const base = cookieBase(forwardedHttps);
  cookies.set(SESSION_COOKIE, value, { ...base, httpOnly: true, expires });
  const xsrf = cookies.get(XSRF_COOKIE)?.value;
  if (xsrf) cookies.set(XSRF_COOKIE, xsrf, { ...base, httpOnly: false, expires });
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendering runs at build time, where no database is opened.
  if (context.isPrerendered) return next();
  // The metrics and traces count a request under its route's pattern (the API refines its own).
  context.locals.routePattern = context.routePattern;
  try {
    // The start script has already awaited this; in `astro dev` the first request opens the db.
    await ready();
  } catch (error) {
    return secure(initFailureResponse(error, { json: context.url.pathname.startsWith('/api/') }));
  }
  context.locals.user = null;
  context.locals.sessionId = null;
  // The API resolves its caller itself (bearer tokens too); pages read the session cookie here
  // so guards and the header know who is signed in before anything renders.
  const path = context.url.pathname;
  const isPage = !path.startsWith('/api/') && !path.startsWith('/sanctum/');
  const cookie = isPage ? context.cookies.get(SESSION_COOKIE)?.value : undefined;
  if (isPage) {
    if (cookie) {
      try {
        // The cart badge's count rides along: a signed-in page then costs one statement.
        const resolved = await resolvePageSession(await getDb(), cookie, cartUnitsSql);
        context.locals.user = resolved?.user ?? null;
        if (resolved?.user && resolved.also !== null) context.locals.cartUnits = resolved.also;
        context.locals.sessionId = resolved?.session.id ?? null;
        if (resolved?.extended) {
          const { forwardedHttps } = requestOrigin(peerOf(context), context.request.headers);
          extendSessionCookies(context.cookies, cookie, resolved.session.expiresAt, forwardedHttps);
        }
      } catch (error) {
        return secure(initFailureResponse(error, { json: false }));
      }
    }
  }
  try {
    // The pages' input gate (ADR 020); the API has its own (src/server/api/body.ts).
    const refusal = isPage ? await checkPageRequest(context) : null;
    if (refusal) return secure(await refusePage(context, next, refusal));
    const method = context.request.method;
    // The page's language comes from its address (ADR 028); `/de/…` renders the unprefixed page.
    let forward: typeof next = next;
    // A page's Astro.rewrite('/404') runs the middleware again for the unprefixed path: the
    // language stays the one of the address the visitor asked for.
    if (isPage && context.locals.pageLanguageId === undefined) {
      const raw = new URL(context.request.url);
      const route = routeLanguage(
        {
          method,
          pathname: raw.pathname,
          search: raw.search,
          languageCookie: context.cookies.get(LANGUAGE_COOKIE)?.value,
        },
        (await loadShopBasics(await getDb())).languages,
      );
      if (route.kind === 'redirect') {
        return secure(
          new Response(null, {
            status: route.status,
            headers: { Location: route.location, 'Cache-Control': 'no-store', Vary: 'Cookie' },
          }),
        );
      }
      if (route.kind === 'page') {
        context.locals.pageLanguageId = route.language.id;
        context.locals.pathPrefix = route.prefix;
        const { rewrite, prefix, segments } = route;
        if (rewrite !== null) {
          forward = (async (payload?: Parameters<typeof next>[0]) =>
            localizeResponse(await next(payload ?? rewrite), prefix, segments)) as typeof next;
        }
      }
    }
    const replica = isPage && (await hasReadReplica());
    const user = context.locals.user;
    // A signed-in visitor's frame variant (cart count, review access…): pages share by it.
    const variantOf = user
      ? async () => {
          const variant = await signedInVariant(
            await getReadDb(),
            user,
            path.slice((context.locals.pathPrefix ?? '').length) || '/',
            context.locals.cartUnits,
          );
          context.locals.cartUnits = variant.cartUnits;
          context.locals.reviewAccess = variant.reviewAccess;
          return variant.key;
        }
      : null;
    // Every /admin page passes the one back-office guard (roles.ts areas) before it renders.
    const page = isPage && isAdminPage(path) ? guardAdminPage(context, forward) : forward;
    const render = () => (isPage ? renderForGuests(context, page, variantOf) : next());
    // Catalogue reads of this page may go to the read replica (getReadDb, db/read-replica.ts).
    let response = replica
      ? await withReadRouting(mayReadReplica(method, path, context.request.headers.get('cookie')), render)
      : await render();
    if (replica && !['GET', 'HEAD', 'OPTIONS'].includes(method)) {
      response = withMutableHeaders(response);
      response.headers.append(
        'Set-Cookie',
        readPrimaryCookie(requestOrigin(peerOf(context), context.request.headers).forwardedHttps),
      );
    }
    // Pages that catch their own query failures (list, FAQ, static page) show an in-page message
    // with a 500; when the database is down that page is answered as an outage (ADR 017).
    if (isPage && response.status === 500 && (await isDatabaseDown(await getDb()))) return secure(asOutage(response));
    const secured = secure(response);
    return context.locals.framableBySelf ? framableBySelf(secured) : secured;
  } catch (error) {
    // A page whose queries failed because the database is down: 503 + Retry-After (ADR 017).
    if (isDatabaseUnavailable(error)) return secure(databaseUnavailableResponse({ json: !isPage }));
    throw error;
  }
});
