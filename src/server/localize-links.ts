/**
 * The links of a page rendered for `/de/…` point to `/de/…` (ADR 028). Done once on the rendered
 * HTML instead of at every link: the pages, their loaders and the islands build unprefixed shop
 * paths, and so do marketers in rich text and block buttons, which must follow the page's
 * language too. Only `href`, `action` and `data-href` attributes with a site path change; shared
 * paths (API, files, back office) and paths that already name a language stay as they are.
 * Canonical and hreflang links are absolute URLs, so they are never touched.
 */
import { isLocalizedPath, splitLanguagePath } from '@/lib/language-path';

const LINK_ATTRIBUTE = /(\s(?:href|action|data-href)=")(\/(?!\/)[^"]*)"/g;

export function localizeLinks(html: string, prefix: string, segments: readonly string[]): string {
  if (prefix === '') return html;
  return html.replace(LINK_ATTRIBUTE, (whole, attribute: string, path: string) => {
    const pathname = path.split(/[?#]/, 1)[0] ?? path;
    if (!isLocalizedPath(pathname) || splitLanguagePath(pathname, segments).segment !== null) return whole;
    return `${attribute}${prefix}${path}"`;
  });
}

/** The same response with its HTML's links localized (other responses unchanged). */
export async function localizeResponse(response: Response, prefix: string, segments: readonly string[]): Promise<Response> {
  if (prefix === '' || !(response.headers.get('content-type') ?? '').includes('text/html') || response.body === null) return response;
  const html = localizeLinks(await response.text(), prefix, segments);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
