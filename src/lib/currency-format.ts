const formats = new Map<string, Intl.NumberFormat | null>();
const MAX_FORMATS = 256;

/**
 * The currency style with 2 decimals for a locale and an ISO code, built once per pair: building
 * an Intl.NumberFormat costs far more than formatting with it, and a list page formats dozens of
 * prices. Null when Intl rejects the code or the locale (callers fall back to symbol + 2 decimals).
 */
export function currencyFormat(locale: string, code: string): Intl.NumberFormat | null {
  const key = `${locale}\u0000${code}`;
  let format = formats.get(key);
  if (format !== undefined) return format;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    format = null;
  }
  // Codes come from the database, but a bound keeps a bad caller from growing the map forever.
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(key, format);
  return format;
}
