/**
 * The VAT standard rate and main reduced rate in percent of each EU member state (the member list
 * is regions.ts), as published by the European Commission ("VAT rates applied in the Member
 * States", 2025). They seed the per-country rate table (country_vat_rates, migration 0026 and the
 * demo seed); staff edit the live values at /admin/shipping, so a rate change needs no release.
 */
import type { EU_MEMBER_STATES } from './regions';

export interface EuVatRates {
  standard: string;
  reduced: string;
}

/** Typed by the member list: a state missing here (or one too many) does not compile. */
export const EU_VAT_RATES: Readonly<Record<(typeof EU_MEMBER_STATES)[number], EuVatRates>> = {
  AT: { standard: '20', reduced: '10' },
  BE: { standard: '21', reduced: '6' },
  BG: { standard: '20', reduced: '9' },
  CY: { standard: '19', reduced: '5' },
  CZ: { standard: '21', reduced: '12' },
  DE: { standard: '19', reduced: '7' },
  DK: { standard: '25', reduced: '25' },
  EE: { standard: '24', reduced: '9' },
  ES: { standard: '21', reduced: '10' },
  FI: { standard: '25.5', reduced: '14' },
  FR: { standard: '20', reduced: '5.5' },
  GR: { standard: '24', reduced: '13' },
  HR: { standard: '25', reduced: '13' },
  HU: { standard: '27', reduced: '5' },
  IE: { standard: '23', reduced: '13.5' },
  IT: { standard: '22', reduced: '10' },
  LT: { standard: '21', reduced: '9' },
  LU: { standard: '17', reduced: '8' },
  LV: { standard: '21', reduced: '12' },
  MT: { standard: '18', reduced: '5' },
  NL: { standard: '21', reduced: '9' },
  PL: { standard: '23', reduced: '8' },
  PT: { standard: '23', reduced: '6' },
  RO: { standard: '21', reduced: '11' },
  SE: { standard: '25', reduced: '12' },
  SI: { standard: '22', reduced: '9.5' },
  SK: { standard: '23', reduced: '19' },
};
