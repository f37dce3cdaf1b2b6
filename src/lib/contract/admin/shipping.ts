/**
 * Delivery and currencies (ADR 026; permission `prices`, roles.ts): zones with their price, countries (zone, whether the
 * shop sells there and quotes the delivery price, the post-code pattern; many at once), currencies
 * with their rate to the euro. Routes of /api/admin/shipping and /api/admin/currencies.
 */
import { ROUNDING_RULES } from '@/lib/money';
import { z } from 'zod';
import { COUNTRY_STATES } from '@/lib/rules/country-state';
import { postcodePatternProblem } from '@/lib/rules/postcode-pattern';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { flag, idParam } from './fields';

const CENTS = (name: string) => `${name} must be a whole number of cents from 0 to 100000000.`;
const cents = (name: string) =>
  z
    .number({ message: CENTS(name) })
    .int(CENTS(name))
    .min(0, CENTS(name))
    .max(100_000_000, CENTS(name));
const ZONE_CODE = 'The zone code may have 2 to 16 capital letters, digits or underscores.';
const zoneName = z
  .string({ message: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(64, 'The name may have at most 64 characters.');

export const zoneCreateBody = z.strictObject(
  {
    code: z
      .string({ message: ZONE_CODE })
      .trim()
      .regex(/^[A-Z0-9_]{2,16}$/, ZONE_CODE),
    name: zoneName,
    cost_cents: cents('The delivery price'),
    free_over_cents: cents('The free-delivery threshold').nullable().optional(),
  },
  { message: 'Unknown field.' },
);
export type ZoneCreate = z.infer<typeof zoneCreateBody>;

export const zonePatchBody = z
  .strictObject(
    {
      name: zoneName.optional(),
      cost_cents: cents('The delivery price').optional(),
      free_over_cents: cents('The free-delivery threshold').nullable().optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type ZonePatch = z.infer<typeof zonePatchBody>;

const ZONE_ID = 'zone_id must be the id of a delivery zone (none: no zone).';
export const countryPatchBody = z
  .strictObject(
    {
      zone_id: z.number({ message: ZONE_ID }).int(ZONE_ID).positive(ZONE_ID).nullable().optional(),
      /** false: the shop does not sell there (issue 25). */
      served: flag('served').optional(),
      /** false: sold to, delivery price on request (is_delivery_unavailable). */
      delivery_available: flag('delivery_available').optional(),
      postcode_pattern: z
        .string({ message: 'The post-code pattern must be text.' })
        .trim()
        .superRefine((pattern, ctx) => {
          // Empty clears the pattern (any post code), as null does.
          const problem = pattern === '' ? null : postcodePatternProblem(pattern);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .nullable()
        .optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type CountryPatch = z.infer<typeof countryPatchBody>;

/** At most this many countries in one bulk change: more than the ISO list has (249). */
export const BULK_COUNTRIES_MAX = 300;
const COUNTRY_IDS = `ids must be a list of 1 to ${BULK_COUNTRIES_MAX} country ids.`;
const STATE = `state must be one of ${COUNTRY_STATES.join(', ')}.`;
export const countriesBulkBody = z.strictObject(
  {
    ids: z
      .array(
        z.number({ message: COUNTRY_IDS }).int(COUNTRY_IDS).positive(COUNTRY_IDS).max(2_147_483_647, COUNTRY_IDS),
        { message: COUNTRY_IDS },
      )
      .min(1, COUNTRY_IDS)
      .max(BULK_COUNTRIES_MAX, COUNTRY_IDS),
    state: z.enum(COUNTRY_STATES, { message: STATE }),
  },
  { message: 'Unknown field.' },
);
export type CountriesBulk = z.infer<typeof countriesBulkBody>;

const RATE = 'The rate is units of the currency for 1 EUR, above 0, with at most 6 decimals (e.g. 1.0835).';
const rateField = z
  .string({ message: RATE })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, RATE)
  .refine((v) => Number(v) > 0, RATE);
const CURRENCY_CODE = 'The currency code is three capital letters (ISO 4217), e.g. CHF.';
const symbolField = z
  .string({ message: 'The symbol is required.' })
  .trim()
  .min(1, 'The symbol is required.')
  .max(8, 'The symbol may have at most 8 characters.');
const POSITION = 'The order must be a whole number from 0 to 1000.';
const positionField = z.number({ message: POSITION }).int(POSITION).min(0, POSITION).max(1000, POSITION);

const ROUNDING = 'The rounding is exact (to the smallest unit), end_99 (up to .99) or whole (up to whole units).';
const roundingField = z.enum(ROUNDING_RULES, { message: ROUNDING }).meta({
  description:
    'How converted product prices are rounded (ADR 034): exact (0.01, or 1 yen), end_99 (up to the next .99), whole (up to whole units). A fixed price per currency is never rounded.',
});

export const currencyCreateBody = z.strictObject(
  {
    code: z
      .string({ message: CURRENCY_CODE })
      .trim()
      .regex(/^[A-Z]{3}$/, CURRENCY_CODE),
    symbol: symbolField,
    rate: rateField,
    position: positionField.optional(),
    rounding: roundingField.optional(),
  },
  { message: 'Unknown field.' },
);
export type CurrencyCreate = z.infer<typeof currencyCreateBody>;
export const currencyPatchBody = z
  .strictObject(
    {
      symbol: symbolField.optional(),
      rate: rateField.optional(),
      is_default: z
        .literal(true, {
          message: 'is_default can only be set to true (another currency is then no longer the default).',
        })
        .optional(),
      enabled: z.boolean({ message: 'enabled is true (offered to shoppers) or false.' }).optional(),
      position: positionField.optional(),
      rounding: roundingField.optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type CurrencyPatch = z.infer<typeof currencyPatchBody>;

const VAT = 'The VAT rate is a percentage from 0 to 99.99 with at most 2 decimals, e.g. 7 or 5.5.';
const vatPercentField = z
  .string({ message: VAT })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, VAT);
const vatName = z
  .string({ message: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(64, 'The name may have at most 64 characters.');
const KIND = 'The kind is standard, reduced or zero: the rate of that kind in each country is charged (ADR 030).';
const vatKindField = z.enum(['standard', 'reduced', 'zero'], { message: KIND });
export const vatRateCreateBody = z.strictObject(
  { name: vatName, percent: vatPercentField, kind: vatKindField.optional(), position: positionField.optional() },
  { message: 'Unknown field.' },
);
export type VatRateCreate = z.infer<typeof vatRateCreateBody>;
export const vatRatePatchBody = z
  .strictObject(
    {
      name: vatName.optional(),
      percent: vatPercentField.optional(),
      kind: vatKindField.optional(),
      position: positionField.optional(),
    },
    { message: 'Unknown field.' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type VatRatePatch = z.infer<typeof vatRatePatchBody>;
export const vatRateSchema = z.object({
  id,
  name: z.string(),
  percent: z.string(),
  kind: vatKindField,
  position: z.number().int(),
  products: z.number().int(),
});

/** A country's VAT rates (ADR 030): a percent, or null for none stored (the home or the shop's own rate applies). */
export const countryVatPatchBody = z
  .strictObject(
    { standard: vatPercentField.nullable().optional(), reduced: vatPercentField.nullable().optional() },
    { message: 'Unknown field.' },
  )
  .refine((v) => v.standard !== undefined || v.reduced !== undefined, { message: 'Nothing to change.' });
export type CountryVatPatch = z.infer<typeof countryVatPatchBody>;
export const countryVatSchema = z.object({
  country_id: id,
  name: z.string(),
  iso: z.string(),
  eu: z.boolean(),
  home: z.boolean(),
  standard: z.string().nullable(),
  reduced: z.string().nullable(),
});
export const vatSchemeBody = z.strictObject(
  { uses_oss: z.boolean({ message: 'uses_oss must be true or false.' }) },
  { message: 'Unknown field.' },
);
export const vatSchemeSchema = z.object({
  home_country: z.object({ id, name: z.string(), iso: z.string() }).nullable(),
  uses_oss: z.boolean(),
  countries: z.array(countryVatSchema),
});

export const zoneSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  cost_cents: z.number().int(),
  free_over_cents: z.number().int().nullable(),
  countries: z.number().int(),
});
export const countrySchema = z.object({
  id,
  name: z.string(),
  iso: z.string(),
  zone_id: id.nullable(),
  served: z.boolean(),
  delivery_available: z.boolean(),
  postcode_pattern: z.string().nullable(),
});
export const countriesBulkSchema = z.object({ changed: z.number().int(), countries: z.array(countrySchema) });
export const currencySchema = z.object({
  id,
  code: z.string(),
  symbol: z.string(),
  rate: z.string(),
  is_default: z.boolean(),
  enabled: z.boolean(),
  position: z.number().int(),
  rounding: z.enum(ROUNDING_RULES),
  decimals: z.number().int().meta({ description: 'ISO 4217 minor unit: the decimals of its amounts (EUR 2, JPY 0).' }),
});
export const deliverySchema = z.object({ zones: z.array(zoneSchema), countries: z.array(countrySchema) });

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tagShipping = 'Admin: delivery';
const tagCurrencies = 'Admin: currencies';

export const adminShippingRoutes = {
  delivery: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/shipping',
    tag: tagShipping,
    summary: 'Delivery zones with their price, and every country',
    response: okBody(deliverySchema),
  }),
  createZone: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/shipping/zones',
    tag: tagShipping,
    summary: 'Create a delivery zone with its price',
    body: zoneCreateBody,
    response: okBody(zoneSchema),
    status: 201,
  }),
  updateZone: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/shipping/zones/:id',
    tag: tagShipping,
    summary: "Change a zone's name or delivery price",
    params: idParam,
    body: zonePatchBody,
    response: okBody(zoneSchema),
  }),
  deleteZone: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/shipping/zones/:id',
    tag: tagShipping,
    summary: 'Delete a zone without countries (409 while it has some)',
    params: idParam,
    response: okBody(z.null()),
  }),
  updateCountry: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/shipping/countries/:id',
    tag: tagShipping,
    summary: "A country's zone, whether it is served, delivery price on request, post-code pattern",
    params: idParam,
    body: countryPatchBody,
    response: okBody(countrySchema),
  }),
  updateCountries: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/shipping/countries',
    tag: tagShipping,
    summary: 'Set many countries to served, delivery price on request or not served at once',
    body: countriesBulkBody,
    response: okBody(countriesBulkSchema),
  }),
  currencies: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/currencies',
    tag: tagCurrencies,
    summary: 'Currencies and their rates to the euro',
    response: okBody(z.array(currencySchema)),
  }),
  createCurrency: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/currencies',
    tag: tagCurrencies,
    summary: 'Add a currency',
    body: currencyCreateBody,
    response: okBody(currencySchema),
    status: 201,
  }),
  updateCurrency: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/currencies/:id',
    tag: tagCurrencies,
    summary: 'Change a rate, symbol, order, whether shoppers are offered it, or the default currency (always offered)',
    params: idParam,
    body: currencyPatchBody,
    response: okBody(currencySchema),
  }),
  vatRates: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/vat-rates',
    tag: 'Admin: VAT classes',
    summary: "The VAT classes besides the shop's rate, with their products",
    response: okBody(z.array(vatRateSchema)),
  }),
  createVatRate: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/vat-rates',
    tag: 'Admin: VAT classes',
    summary: 'Add a VAT class',
    body: vatRateCreateBody,
    response: okBody(vatRateSchema),
    status: 201,
  }),
  updateVatRate: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/vat-rates/:id',
    tag: 'Admin: VAT classes',
    summary: 'Rename a VAT class or change its rate',
    params: idParam,
    body: vatRatePatchBody,
    response: okBody(vatRateSchema),
  }),
  deleteVatRate: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/vat-rates/:id',
    tag: 'Admin: VAT classes',
    summary: "Remove a VAT class (its products go back to the shop's rate)",
    params: idParam,
    response: okBody(z.null()),
  }),
  vatScheme: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/vat-rates/countries',
    tag: 'Admin: VAT classes',
    summary: 'The home country, the OSS switch and the VAT rates per country (ADR 030)',
    response: okBody(vatSchemeSchema),
  }),
  updateVatScheme: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/vat-rates/scheme',
    tag: 'Admin: VAT classes',
    summary: "Use the One-Stop-Shop (EU consumers pay their country's rate) or not",
    body: vatSchemeBody,
    response: okBody(vatSchemeSchema),
  }),
  updateCountryVat: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/vat-rates/countries/:id',
    tag: 'Admin: VAT classes',
    summary: "A country's standard and reduced VAT rate",
    params: idParam,
    body: countryVatPatchBody,
    response: okBody(countryVatSchema),
  }),
  deleteCurrency: route({
    ...backOffice,
    method: 'DELETE',
    path: '/api/admin/currencies/:id',
    tag: tagCurrencies,
    summary: 'Remove a currency (not the euro, not the default)',
    params: idParam,
    response: okBody(z.null()),
  }),
} as const;
