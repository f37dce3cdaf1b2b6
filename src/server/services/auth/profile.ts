import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, settings, users } from '../../db/schema/index';
import { centsToNumber, convertCents } from '../../../lib/money';
import type { CurrencyOption } from '../request-context';

/** The spec's User profile (§3) as GET /api/user/profile answers it; amounts in `currency`. */
export interface Profile {
  id: number;
  name: string;
  surname: string;
  full_name: string;
  email: string;
  email_verified: boolean;
  phone: string | null;
  phoneCountryCode: string | null;
  nationalNumber: string | null;
  balance: number;
  currency: string;
  min_top_up_amount: number;
  avatarUrl: string | null;
  created_at: string;
  country: { id: number; name: string; iso: string } | null;
  city: string | null;
  address: string | null;
  post_code: string | null;
}

export async function getProfile(db: Db, userId: number, currency: Pick<CurrencyOption, 'code' | 'value'>): Promise<Profile | null> {
  const [row] = await db
    .select({
      user: users,
      countryName: countries.name,
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
  const money = (eurCents: number) => centsToNumber(convertCents(eurCents, currency.value));
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
    country: u.countryId !== null && row.countryName ? { id: u.countryId, name: row.countryName, iso: row.countryIso! } : null,
    city: u.city,
    address: u.address,
    post_code: u.postCode,
  };
}
