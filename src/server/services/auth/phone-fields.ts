import { asc } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries } from '@/server/db/schema/index';
import type { Translator } from '@/server/i18n/index';
import type { PhoneData } from '@/lib/phone';
import { phoneBody } from '@/lib/contract/forms';
import type { ProblemSink } from '../errors';

/** The shop's country list is the set of phone countries it accepts (accounts spec §5). */
export async function allowedPhoneCountries(db: Db): Promise<string[]> {
  const rows = await db.select({ iso: countries.iso }).from(countries).orderBy(asc(countries.iso));
  return rows.map((r) => r.iso.toUpperCase());
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
