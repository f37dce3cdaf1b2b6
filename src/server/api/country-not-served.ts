/**
 * Totals and checkout for a country the shop does not sell to (issue 25) answer in the shopper's
 * language: the service throws CountryNotServedError (English, it does not know who asks); the
 * shopper routes pass their promise through `.catch(countryNotServedIn(t))`. The shape stays the
 * spec's 422 with the field error on `country`.
 */
import type { Translator } from '@/lib/translator';
import { InvalidInputError } from '../services/errors';
import { CountryNotServedError } from '../services/pricing/totals.server';

export function countryNotServedIn(t: Translator) {
  return (error: unknown): never => {
    if (!(error instanceof CountryNotServedError)) throw error;
    const message = t('checkout.shipping.countryNotServed', { country: error.countryName });
    throw new InvalidInputError(message, { country: [message] });
  };
}
