/**
 * Which language a page request is for, from its address (docs/decisions/028-language-urls.md):
 * - `/{code}/…` of a non-default language: that language, whatever the cookie says; the page is
 *   rendered from the path without the segment.
 * - `/{default code}/…`: 301 to the unprefixed address (one URL per page and language).
 * - an unprefixed page address: the default language, unless the visitor chose another one (the
 *   `languageId` cookie): then a 302 to that language's address. Crawlers carry no cookie, so the
 *   unprefixed URL is always the default language's (and the `x-default`).
 * - shared paths (API, back office, files): no language in the address; the cookie decides, as before.
 */
import { isLocalizedPath, languageSegment, localizePath, splitLanguagePath } from '@/lib/language-path';
import { isSafeRedirect } from '@/lib/redirect';
import { chooseLanguage, LANGUAGE_COOKIE, type LanguageOption } from './services/request-context';

export type LanguageRoute =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** `rewrite` is the path (and query) to render, without the language segment. */
  | { kind: 'page'; language: LanguageOption; rewrite: string | null; prefix: string; segments: string[] }
  | { kind: 'shared' };

export interface LanguageRequest {
  method: string;
  pathname: string;
  search: string;
  languageCookie: string | undefined;
}

export function routeLanguage(request: LanguageRequest, languages: readonly LanguageOption[]): LanguageRoute {
  const route = chooseRoute(request, languages);
  // `/en//evil.example` would otherwise send the browser to another site: such an address is no
  // page here, so it is left to the router (404), never redirected.
  return route.kind === 'redirect' && !isSafeRedirect(route.location) ? { kind: 'shared' } : route;
}

function chooseRoute(request: LanguageRequest, languages: readonly LanguageOption[]): LanguageRoute {
  const fallback = chooseLanguage(languages, undefined);
  const defaultSegment = languageSegment(fallback.code);
  const bySegment = new Map(languages.map((l) => [languageSegment(l.code), l]));
  const segments = [...bySegment.keys()];
  const { segment, rest } = splitLanguagePath(request.pathname, segments);
  const readOnly = request.method === 'GET' || request.method === 'HEAD';

  if (segment !== null) {
    // `/de/api/…`, `/de/admin`: no such page; left to the router, which answers 404.
    if (!isLocalizedPath(rest)) return { kind: 'shared' };
    if (segment === defaultSegment) {
      return readOnly
        ? { kind: 'redirect', status: 301, location: rest + request.search }
        : { kind: 'page', language: fallback, rewrite: rest + request.search, prefix: '', segments };
    }
    const language = bySegment.get(segment) ?? fallback;
    return { kind: 'page', language, rewrite: rest + request.search, prefix: `/${segment}`, segments };
  }
  if (!isLocalizedPath(request.pathname)) return { kind: 'shared' };
  if (readOnly && request.languageCookie !== undefined) {
    const chosen = chooseLanguage(languages, request.languageCookie);
    if (languageSegment(chosen.code) !== defaultSegment) {
      return {
        kind: 'redirect',
        status: 302,
        location: localizePath(request.pathname + request.search, chosen.code, fallback.code),
      };
    }
  }
  return { kind: 'page', language: fallback, rewrite: null, prefix: '', segments };
}

export { LANGUAGE_COOKIE };
