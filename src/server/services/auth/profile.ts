import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries, settings, users } from '@/server/db/schema/index';
import { centsToNumber, convertCents } from '@/lib/money';
import { localCountryName } from '../country-names';
import type { CurrencyOption } from '../request-context';
import type { Profile } from '@/lib/contract/accounts';

/** The spec's User profile (§3) as GET /api/user/profile answers it; amounts in `currency`. */
/** The profile as the API answers it: the contract's shape (src/lib/contract/accounts.ts). */
export type { Profile };

export async function getProfile(
  db: Db,
  userId: number,
  currency: Pick<CurrencyOption, 'code' | 'value'>,
  languageId: number,
): Promise<Profile | null> {
  const [row] = await db
    .select({
      user: users,
      countryName: localCountryName(languageId),
      countryIso: countries.iso,
      minTopUp: settings.minTopUpAmountCents,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(settings, eq(settings.id, 1))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const u = row.user;
  const money = (eurCents: number) =>
    centsToNumber(convertCents(eurCents, currency.value, currency.code), currency.code);
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    full_name: `${u.name} ${u.surname}`.trim(),
    email: u.email,
    email_verified: u.emailVerifiedAt !== null,
    phone: u.phone,
    phoneCountryCode: u.phoneCountryCode,
    nationalNumber: u.nationalNumber,
    balance: money(u.balanceCents),
    currency: currency.code,
    min_top_up_amount: money(row.minTopUp ?? 0),
    avatarUrl: u.avatarUrl,
    created_at: u.createdAt.toISOString(),
    country:
      u.countryId !== null && row.countryName ? { id: u.countryId, name: row.countryName, iso: row.countryIso! } : null,
    city: u.city,
    address: u.address,
    post_code: u.postCode,
  };
}
