import type { Db } from '@/server/db/client';
import type { Translator } from '@/server/i18n/index';
import type { PhoneData } from '@/lib/phone';
import { phoneBody } from '@/lib/contract/forms';
import type { ProblemSink } from '../errors';
import { countries } from '@/server/db/schema/index';

/**
 * The shop's country list is the set of phone countries it accepts (accounts spec §5): every
 * country, served or not (a phone number is no delivery address; content.ts listPhoneCountries).
 */
export async function allowedPhoneCountries(db: Db): Promise<string[]> {
  return (await db.select({ iso: countries.iso }).from(countries)).map((r) => r.iso.toUpperCase()).sort();
}

/**
 * Reads phone, phoneCountryCode and nationalNumber from a form body with the contract's phoneBody
 * (the browser's phone input rules); a problem goes under `phone`. Returns the normalised number,
 * or null when it is absent (and not required) or invalid.
 */
export function readPhoneFields(
  t: Translator,
  body: Record<string, unknown>,
  allowedIsos: readonly string[],
  problems: ProblemSink,
  options: { required: boolean },
): PhoneData | null {
  const result = phoneBody(t, allowedIsos, options).safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.add('phone', issue.message);
  return null;
}
