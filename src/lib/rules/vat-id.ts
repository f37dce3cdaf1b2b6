/**
 * VAT identification numbers (issue 25, shop settings): the format check of the settings form and
 * of PUT /api/admin/settings. A number is written without spaces, dots or hyphens, in capitals,
 * and starts with its country's prefix; EU members (VIES formats), Northern Ireland, the United
 * Kingdom, Switzerland and Norway are checked by their own pattern, any other prefix by the general
 * shape (two letters, then 2 to 13 letters or digits). Whether the number exists is not checked
 * here (that needs the tax office's service).
 */
import { isEuMember } from './regions';

const UK = /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: UK,
  GB: UK,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  NO: /^\d{9}(MVA)?$/,
};
const GENERAL = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

export const VAT_ID_MESSAGE =
  "The VAT id must start with its country code and follow that country's format, e.g. DE123456789.";

/** The form it is stored in: capitals, without spaces, dots and hyphens. */
export function normalizeVatId(raw: string): string {
  return raw.replace(/[\s.-]+/g, '').toUpperCase();
}

/** Whether a normalized VAT id has its country's format ('' is no VAT id and is fine). */
export function isVatIdFormat(normalized: string): boolean {
  if (normalized === '') return true;
  if (!GENERAL.test(normalized) && !normalized.startsWith('CHE')) return false;
  const format = FORMATS[normalized.slice(0, 2)];
  return format ? format.test(normalized.slice(2)) : GENERAL.test(normalized);
}

// ---------------------------------------------------------------------------------------------
// A buyer's EU VAT id at checkout (ADR 030): valid-looking only for an EU member state's format
// (the reverse charge needs one); Greece writes EL, its ISO code is GR. The checkout island and
// the zod schema apply the same function.

export const VAT_ID_MAX = 32;

export const EU_VAT_ID_MESSAGE = 'Please enter a valid EU VAT number with its country prefix, e.g. DE123456789.';

export interface VatId {
  /** Upper case, without spaces, dots or dashes: "DE123456789". */
  id: string;
  /** The member state's ISO code (GR for an EL id). */
  country: string;
}

/** "de 123.456.789" → {id: "DE123456789", country: "DE"}; null when it is not a valid-looking EU VAT id. */
export function parseVatId(text: string | null | undefined): VatId | null {
  if (typeof text !== 'string' || text.length > VAT_ID_MAX) return null;
  const id = normalizeVatId(text);
  const prefix = id.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (country === 'GR' && prefix !== 'EL') return null;
  if (!isEuMember(country)) return null;
  return FORMATS[prefix]?.test(id.slice(2)) ? { id, country } : null;
}
