/**
 * A page's addresses in every language, for `<link rel="alternate" hreflang>` and the sitemap's
 * `xhtml:link` (ADR 028): absolute, one per language plus `x-default` (the unprefixed address,
 * which also sends a visitor with a stored choice to their language). Pure.
 */
import { localizePath } from '@/lib/language-path';

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
