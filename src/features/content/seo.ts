/** Pure SEO helpers for the content pages (home, FAQ, static pages, wishlist). */

/** "Title | Gear Shop" as DefaultLayout builds it (og:title must match the document title). */
export function documentTitle(title: string | undefined, shopName: string, tagline: string): string {
  return title ? `${title} | ${shopName}` : `${shopName} | ${tagline}`;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/+$/, '')}/`).href;
}

/** Plain text of stored HTML, whitespace collapsed, cut at a word to at most `max` characters. */
export function plainExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
