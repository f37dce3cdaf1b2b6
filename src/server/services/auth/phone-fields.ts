import { asc } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries } from '@/server/db/schema/index';
import type { Translator } from '@/server/i18n/index';
import { type PhoneData, validatePhoneFields } from '@/lib/phone';
import type { ProblemSink } from '../errors';

/** The shop's country list is the set of phone countries it accepts (accounts spec §5). */
export async function allowedPhoneCountries(db: Db): Promise<string[]> {
  const rows = await db.select({ iso: countries.iso }).from(countries).orderBy(asc(countries.iso));
  return rows.map((r) => r.iso.toUpperCase());
}

/**
 * Reads phone, phoneCountryCode and nationalNumber from a form body with the same rules as the
 * browser's phone input; problems go under `phone`. Returns the normalised number, or null when
 * it is absent (and not required) or invalid.
 */
export function readPhoneFields(
  t: Translator,
  body: Record<string, unknown>,
  allowedIsos: readonly string[],
  problems: ProblemSink,
  options: { required: boolean },
): PhoneData | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const fields = {
    phone: text(body.phone).slice(0, 260),
    phoneCountryCode: text(body.phoneCountryCode).slice(0, 8),
    nationalNumber: text(body.nationalNumber).slice(0, 260),
  };
  const empty = fields.phone.trim() === '' && fields.nationalNumber.trim() === '';
  if (empty) {
    if (options.required) problems.add('phone', t('validation.required'));
    return null;
  }
  const result = validatePhoneFields(fields, allowedIsos);
  if (result.ok) return result.value;
  problems.add(
    'phone',
    t(result.error === 'country-not-supported' ? 'validation.countryNotSupported' : result.error === 'required' ? 'validation.required' : 'validation.invalidPhone'),
  );
  return null;
}
