import { loadShopBasics } from '../services/request-context';
import { createRouter } from './env';
import { ok } from './envelope';
import type { PhonePaymentConfig } from '@/lib/contract/purchasing';

/**
 * /api/processing/*: payment configuration the browser needs. The phone numbers are public
 * (they are printed in the phone payment modal) and come from settings through the shared
 * 30 s cache; no-cache so a changed number is never served stale by a browser.
 */
export const processingApp = createRouter().get('/config/phone-payment', async (c) => {
  const { settings } = await loadShopBasics(c.var.db);
  const payload: PhonePaymentConfig = {
    phone_number_global: settings?.phonePaymentGlobal ?? '',
    phone_number_uk_eu: settings?.phonePaymentUkEu ?? '',
    phone_number: settings?.phonePaymentGlobal ?? '',
  };
  c.header('Cache-Control', 'no-cache');
  return ok(c, payload, { extra: { phone_number: payload.phone_number } });
});
