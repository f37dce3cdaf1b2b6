/**
 * pg_trgm's similarity() for ASCII texts, computed here instead of once per matched row in the
 * database (docs/decisions/039): on a broad search ("pro": 14 000 matches of 60 000 products) it
 * was two thirds of the statement. The same float4 as the database's: words are runs of letters
 * and digits, lower-cased, padded with two spaces before and one after; the trigrams of all words
 * as a set; similarity = shared / (|a| + |b| - shared), 0 when either has none. Outside ASCII
 * pg_trgm depends on the database's locale (and hashes multibyte trigrams), so such texts stay
 * with the database: `isAscii` decides.
 */

const ASCII = /^[\x00-\x7f]*$/;
export const isAscii = (text: string): boolean => ASCII.test(text);

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The distinct trigrams of an ASCII text, each as one number (3 bytes). */
export function trigrams(text: string): Set<number> {
  const out = new Set<number>();
  const n = text.length;
  for (let i = 0; i < n;) {
    while (i < n && !isAlnum(text.charCodeAt(i))) i++;
    if (i >= n) break;
    // "  word ": a sliding window over the padded, lower-cased word
    let a = 32;
    let b = 32;
    for (; i < n && isAlnum(text.charCodeAt(i)); i++) {
      const code = text.charCodeAt(i);
      const c = code >= 65 && code <= 90 ? code + 32 : code;
      out.add((a << 16) | (b << 8) | c);
      a = b;
      b = c;
    }
    out.add((a << 16) | (b << 8) | 32);
  }
  return out;
}

/** similarity(a, b) of pg_trgm as float4, for a text whose trigrams are given and an ASCII text. */
export function similarityTo(of: ReadonlySet<number>, text: string): number {
  const other = trigrams(text);
  if (of.size === 0 || other.size === 0) return 0;
  let shared = 0;
  for (const t of other) if (of.has(t)) shared++;
  return Math.fround(shared / (of.size + other.size - shared));
}
