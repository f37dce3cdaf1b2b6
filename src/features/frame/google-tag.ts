/**
 * Injects the Google tag snippet from settings once, after consent. The page CSP allows no
 * inline scripts (docs/decisions/002-serving.md), so the snippet is parsed: external
 * `<script src>` tags from https hosts become script elements (the CSP still decides which hosts
 * may load), and the standard gtag bootstrap of an inline part is reproduced here from its
 * `gtag('config', 'ID')` calls. Any other inline code is not run.
 */

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let injected = false;

export interface ParsedGoogleTag {
  sources: Array<{ src: string; async: boolean }>;
  configIds: string[];
}

export function parseGoogleTag(snippet: string): ParsedGoogleTag {
  const sources: ParsedGoogleTag['sources'] = [];
  const configIds: string[] = [];
  const scriptRe = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const match of snippet.matchAll(scriptRe)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (src) {
      if (/^https:\/\//i.test(src)) sources.push({ src: src.replace(/&amp;/g, '&'), async: /\basync\b/i.test(attrs) });
      continue;
    }
    for (const config of body.matchAll(/gtag\(\s*['"]config['"]\s*,\s*['"]([\w-]+)['"]/g)) {
      if (config[1]) configIds.push(config[1]);
    }
  }
  return { sources, configIds };
}

export function injectGoogleTag(snippet: string): boolean {
  if (injected || typeof document === 'undefined' || !snippet.trim()) return false;
  injected = true;
  const { sources, configIds } = parseGoogleTag(snippet);
  if (configIds.length) {
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads the `arguments` objects it finds in dataLayer, so push those, not arrays.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js needs the arguments object itself (above)
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    for (const id of configIds) window.gtag('config', id);
  }
  for (const { src, async } of sources) {
    const script = document.createElement('script');
    script.src = src;
    script.async = async;
    script.dataset.googleTag = '';
    document.head.append(script);
  }
  return true;
}
