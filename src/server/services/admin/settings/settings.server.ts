/**
 * The shop settings (the settings row, id 1) and the default currency, edited on one screen
 * (issue 25). Every save is one transaction with its audit row, then every cache that could show
 * the old value is emptied (contentChanged): the next request shows the change.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { countries, countryVatRates, currencies, settings } from '@/server/db/schema/index';
import type { AdminSettings } from '@/lib/contract/admin/routes';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { localized } from '@/server/services/localized';
import { lockCurrencies, makeDefaultCurrency } from '../prices/default-currency.server';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { DEFAULT_ABANDONED_CART_HOURS } from '@/server/services/cart/abandoned.server';
import { type Editor, type Tx, changedFields, recordChange } from '../audit';

export type { AdminSettings };
export type SettingsPatch = Partial<Omit<AdminSettings, 'default_currency'>> & { default_currency?: string };

const UNKNOWN_COUNTRY = localized('admin.api.settingsUnknownCountry');
const UNKNOWN_CURRENCY = localized('admin.api.settingsUnknownCurrency');

/** The home country's stored standard rate, else the shop's own (ADR 030): the vat_percent readers see. */
const homeStandardPercent = sql<string>`coalesce((select r.percent::text from country_vat_rates r where r.country_id = ${settings.homeCountryId} and r.kind = 'standard'), ${settings.vatPercent}::text)`;

export async function getAdminSettings(db: Db): Promise<AdminSettings> {
  const [[s], currencyRows] = await Promise.all([
    db
      .select({ ...getTableColumns(settings), vatPercent: homeStandardPercent })
      .from(settings)
      .where(eq(settings.id, 1)),
    db.select().from(currencies),
  ]);
  return {
    shop_name: s?.shopName ?? '',
    legal_name: s?.legalName ?? '',
    vat_id: s?.vatId ?? '',
    contact_phone: s?.contactPhone ?? '',
    invoice_prefix: s?.invoicePrefix ?? 'INV-',
    credit_note_prefix: s?.creditNotePrefix ?? 'CN-',
    home_country_id: s?.homeCountryId ?? null,
    default_currency: currencyRows.find((c) => c.isDefault)?.code ?? null,
    requisites: s?.requisites ?? '',
    copyright: s?.copyright ?? '',
    support_email: s?.supportEmail ?? '',
    company_address: s?.companyAddress ?? '',
    phone_payment_global: s?.phonePaymentGlobal ?? '',
    phone_payment_uk_eu: s?.phonePaymentUkEu ?? '',
    vat_percent: Number(s?.vatPercent ?? 0),
    uses_oss: s?.usesOss ?? false,
    low_stock_threshold: s?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    is_reg_enabled: s?.isRegEnabled ?? true,
    google_tag: s?.googleTag ?? '',
    balance_adjust_limit_cents: s?.balanceAdjustLimitCents ?? DEFAULT_BALANCE_ADJUST_LIMIT_CENTS,
    withdrawal_days: s?.withdrawalDays ?? 14,
    staff_mail_to: s?.staffMailTo ?? '',
    staff_mail_language: s?.staffMailLanguage ?? '',
    staff_digest: s?.staffDigest ?? true,
    abandoned_cart_hours: s?.abandonedCartHours ?? DEFAULT_ABANDONED_CART_HOURS,
    cart_reminders: s?.cartReminders ?? false,
  };
}

/** The column's default: what an empty shop (no settings row yet) lets staff adjust alone. */
export const DEFAULT_BALANCE_ADJUST_LIMIT_CENTS = 10_000;

/** The largest balance adjustment (either way, in cents) staff make without an admin (issue 27). */
export async function balanceAdjustLimitCents(db: Db): Promise<number> {
  const [row] = await db.select({ limit: settings.balanceAdjustLimitCents }).from(settings).where(eq(settings.id, 1));
  return row?.limit ?? DEFAULT_BALANCE_ADJUST_LIMIT_CENTS;
}

/** What the settings screen offers: every country (served or not: the owner may name the home country first) and currency. */
export async function settingsChoices(db: Db) {
  const [countryList, currencyList] = await Promise.all([
    db
      .select({ id: countries.id, name: countries.name })
      .from(countries)
      .orderBy(asc(countries.name), asc(countries.iso)),
    db
      .select({ code: currencies.code, symbol: currencies.symbol })
      .from(currencies)
      .orderBy(asc(currencies.position), asc(currencies.id)),
  ]);
  return { countries: countryList, currencies: currencyList };
}

async function checkCountry(tx: Tx, id: number | null | undefined): Promise<void> {
  if (id === undefined || id === null) return;
  const [found] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  if (!found) throw new InvalidInputError(UNKNOWN_COUNTRY, { home_country_id: [UNKNOWN_COUNTRY] });
}

/** Makes the currency with this code the default; 422 for a code the shop does not offer. */
async function switchDefaultCurrency(tx: Tx, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  const chosen = (await lockCurrencies(tx)).find((c) => c.code.toUpperCase() === code);
  if (!chosen) throw new InvalidInputError(UNKNOWN_CURRENCY, { default_currency: [UNKNOWN_CURRENCY] });
  if (!chosen.isDefault) await makeDefaultCurrency(tx, chosen.id);
}

export async function updateSettings(db: Db, editor: Editor, patch: SettingsPatch): Promise<AdminSettings> {
  const columns: Partial<typeof settings.$inferInsert> = {
    shopName: patch.shop_name,
    legalName: patch.legal_name,
    vatId: patch.vat_id,
    contactPhone: patch.contact_phone,
    invoicePrefix: patch.invoice_prefix,
    creditNotePrefix: patch.credit_note_prefix,
    homeCountryId: patch.home_country_id,
    requisites: patch.requisites,
    copyright: patch.copyright,
    supportEmail: patch.support_email,
    companyAddress: patch.company_address,
    phonePaymentGlobal: patch.phone_payment_global,
    phonePaymentUkEu: patch.phone_payment_uk_eu,
    vatPercent: patch.vat_percent === undefined ? undefined : patch.vat_percent.toFixed(2),
    lowStockThreshold: patch.low_stock_threshold,
    isRegEnabled: patch.is_reg_enabled,
    googleTag: patch.google_tag?.trim(),
    balanceAdjustLimitCents: patch.balance_adjust_limit_cents,
    withdrawalDays: patch.withdrawal_days,
    staffMailTo: patch.staff_mail_to,
    staffMailLanguage: patch.staff_mail_language,
    staffDigest: patch.staff_digest,
    abandonedCartHours: patch.abandoned_cart_hours,
    cartReminders: patch.cart_reminders,
  };
  await transaction(db, async (tx) => {
    await checkCountry(tx, patch.home_country_id);
    await switchDefaultCurrency(tx, patch.default_currency);
    // Upserts row 1: an empty shop has none yet.
    const [saved] = await tx
      .insert(settings)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: settings.id, set: { ...columns, updatedAt: sql`now()` } })
      .returning({ homeCountryId: settings.homeCountryId });
    // A new VAT rate is the home country's standard rate when one is set (ADR 030).
    if (columns.vatPercent !== undefined && saved?.homeCountryId != null) {
      await tx
        .insert(countryVatRates)
        .values({ countryId: saved.homeCountryId, kind: 'standard', percent: columns.vatPercent })
        .onConflictDoUpdate({
          target: [countryVatRates.countryId, countryVatRates.kind],
          set: { percent: columns.vatPercent },
        });
    }
    await recordChange(tx, editor, 'settings', 1, 'update', changedFields(patch as Record<string, unknown>));
  });
  contentChanged(db, 'content');
  return getAdminSettings(db);
}
