/**
 * The links of a page rendered for `/de/…` point to `/de/…` (ADR 028). Done once on the rendered
 * HTML instead of at every link: the pages, their loaders and the islands build unprefixed shop
 * paths, and so do marketers in rich text and block buttons, which must follow the page's
 * language too. Only `href`, `action` and `data-href` attributes with a site path change; shared
 * paths (API, files, back office) and paths that already name a language stay as they are.
 * Canonical and hreflang links are absolute URLs, so they are never touched.
 */
import { splitLanguagePath, withPathPrefix } from '@/lib/language-path';

const LINK_ATTRIBUTE = /(\s(?:href|action|data-href)=")(\/(?!\/)[^"]*)"/g;

/** A site path in the page's language, or the path unchanged (shared, already in a language, another site). */
function localizePathIn(path: string, prefix: string, segments: readonly string[]): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return splitLanguagePath(pathname, segments).segment !== null ? path : withPathPrefix(path, prefix);
}

export function localizeLinks(html: string, prefix: string, segments: readonly string[]): string {
  if (prefix === '') return html;
  return html.replace(
    LINK_ATTRIBUTE,
    (_whole, attribute: string, path: string) => `${attribute}${localizePathIn(path, prefix, segments)}"`,
  );
}

/**
 * The same response with its HTML's links localized, and a page's redirect (a renamed slug's 301,
 * a guard's way to sign-in) kept in the language; other responses unchanged.
 */
export async function localizeResponse(
  response: Response,
  prefix: string,
  segments: readonly string[],
): Promise<Response> {
  if (prefix === '') return response;
  const location = response.headers.get('location');
  if (location !== null) {
    const localized = localizePathIn(location, prefix, segments);
    if (localized === location) return response;
    const headers = new Headers(response.headers);
    headers.set('location', localized);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/html') || response.body === null) return response;
  const html = localizeLinks(await response.text(), prefix, segments);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
