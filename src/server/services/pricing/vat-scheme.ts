/**
 * Which VAT a sale carries (ADR 030), no I/O. The shop is in its home country and may use the
 * One-Stop-Shop (OSS); the buyer names a delivery country and, for a company, an EU VAT id.
 *
 * - no home country set: the shop's own rates everywhere (as before ADR 030): 'home';
 * - delivery to the home country: home rates ('home'), also for a VAT id of any state;
 * - home in the EU, delivery to another member state: a valid-looking VAT id of a member state
 *   other than the home one → reverse charge (0); otherwise the consumer pays the destination's
 *   rates under the OSS ('oss'), the home rates without it ('home');
 * - delivery outside the EU (or, for a shop outside the EU, outside its home country): an export,
 *   no VAT ('export').
 *
 * A line's rate is its VAT class's kind looked up in the chosen country's rates (zero: 0); a kind
 * the country has no row for falls back to the home country's row, then to the shop's own rate
 * (a class's percent, settings.vat_percent). Delivery is charged at the standard rate.
 */
import { isEuMember } from '@/lib/rules/regions';
import type { VatId } from '@/lib/rules/vat-id';

export type VatScheme = 'home' | 'oss' | 'export' | 'reverse_charge';
export type VatKind = 'standard' | 'reduced' | 'zero';

/** A country's rows of country_vat_rates ("19.00"). */
export interface CountryRates {
  standard?: string;
  reduced?: string;
}

export interface TaxShop {
  /** ISO code of settings.home_country_id; null when not set. */
  homeIso: string | null;
  usesOss: boolean;
  /** settings.vat_percent: the standard rate where no country row is stored. */
  ownStandard: string;
  /** country_vat_rates by ISO code (upper case). */
  rates: ReadonlyMap<string, CountryRates>;
}

/** A line's VAT class: null for the standard class. */
export interface LineClass {
  kind: VatKind;
  /** The class's own percent (vat_rates.percent); null for the standard class. */
  percent: string | null;
}

export const STANDARD_CLASS: LineClass = { kind: 'standard', percent: null };

export function vatScheme(shop: TaxShop, destinationIso: string, vatId: VatId | null): VatScheme {
  const home = shop.homeIso?.toUpperCase() ?? null;
  const destination = destinationIso.toUpperCase();
  if (home === null || destination === home) return 'home';
  if (!isEuMember(home) || !isEuMember(destination)) return 'export';
  if (vatId && vatId.country !== home) return 'reverse_charge';
  return shop.usesOss ? 'oss' : 'home';
}

/** The percent ("19.00") a line of this class pays under the scheme, delivered to destinationIso. */
export function lineRate(shop: TaxShop, scheme: VatScheme, destinationIso: string, cls: LineClass): string {
  if (scheme === 'export' || scheme === 'reverse_charge' || cls.kind === 'zero') return '0';
  const own = cls.percent ?? shop.ownStandard;
  const home = shop.homeIso ? shop.rates.get(shop.homeIso.toUpperCase()) : undefined;
  const there = scheme === 'oss' ? shop.rates.get(destinationIso.toUpperCase()) : home;
  return there?.[cls.kind] ?? home?.[cls.kind] ?? own;
}
