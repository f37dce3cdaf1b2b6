import { z } from 'zod';
import { parseVatId, VAT_ID_MAX, EU_VAT_ID_MESSAGE } from '../rules/vat-id';
import { amount } from './envelope';

/**
 * The VAT fields of the totals, checkout and order (ADR 030). The buyer's VAT id is optional
 * (consumers leave it empty); when given it must look like an EU VAT id (src/lib/rules/vat-id.ts).
 */
export const vatIdField = z
  .preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .string({ error: EU_VAT_ID_MESSAGE })
      .max(VAT_ID_MAX, EU_VAT_ID_MESSAGE)
      .refine((v) => parseVatId(v) !== null, EU_VAT_ID_MESSAGE)
      .nullable(),
  )
  .optional()
  .meta({
    description:
      'A company buyer\'s EU VAT id ("DE123456789"); one of another member state than the shop\'s gets the reverse charge.',
  });

export const VAT_SCHEMES = ['home', 'oss', 'export', 'reverse_charge'] as const;
export const vatSchemeSchema = z.enum(VAT_SCHEMES).meta({
  description:
    "home: the shop's rates; oss: the delivery country's (One-Stop-Shop); export: outside the EU, no VAT; reverse_charge: the company buyer accounts for the VAT.",
});

export const vatRatesSchema = z
  .array(z.object({ rate: z.number().meta({ description: 'Percent, e.g. 19.5.' }), vat: amount }))
  .meta({ description: 'The VAT per rate, highest rate first.' });
