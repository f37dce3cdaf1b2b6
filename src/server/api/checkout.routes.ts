import { allowedPhoneCountries, readPhoneFields } from '../services/auth/phone-fields';
import { NO_STOCK_MESSAGE, phonePaymentNumber, placeOrder, totalsJson } from '../services/orders/checkout.server';
import { startTopUp, topUpLimits } from '../services/orders/top-up.server';
import { unpaidLimitMessage } from '../services/orders/unpaid';
import { formatCents, minorDigits } from '@/lib/money';
import { CARD_PAYMENTS_UNAVAILABLE_MESSAGE, requireCardPayments } from '../payments/provider';
import { paymentPageUrl } from '../payments/card-gateway.server';
import { requireVerified } from './auth-guards';
import { countryNotServedIn } from './country-not-served';
import { createRouter } from './env';
import { errorBody } from './envelope';
import { HttpError } from './errors';
import { FormProblems, jsonObject, parseFields, translatorFor } from './form';
import { rateLimit } from './rate-limit';
import { checkoutBody } from '@/lib/contract/forms';
import { topUpBody } from '@/lib/contract/purchasing';

export const CHECKOUT_LIMIT = { name: 'checkout', limit: 10, windowSeconds: 60 } as const;
export const PRICE_CHANGED_MESSAGE = 'Prices have changed since you checked the totals. Please review the new totals.';
const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;

const perUser = (c: { var: { user: { id: number } | null } }) => (c.var.user ? `user:${c.var.user.id}` : null);

/** POST /api/orders/checkout (accounts spec §7, ADR 012): see services/orders/checkout.server.ts. */
export const checkoutApp = createRouter().post(
  '/checkout',
  requireVerified(),
  rateLimit({ ...CHECKOUT_LIMIT, key: perUser }),
  async (c) => {
    const t = await translatorFor(c);
    const db = c.var.db;
    const body = await jsonObject(c);
    const key = c.req.header('Idempotency-Key') ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      throw new HttpError(422, 'The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -');
    }
    const problems = new FormProblems();
    const input = problems.parse(checkoutBody(t), body);
    const phone = readPhoneFields(t, body, await allowedPhoneCountries(db), problems, { required: true });
    problems.throwIfAny(t('validation.shippingInfo'));
    if (!input || !phone) throw new Error('unreachable: problems were thrown');
    if (input.payment_method === 'card') requireCardPayments();

    const outcome = await placeOrder(db, {
      userId: c.var.user!.id,
      shipping: { ...input, phone: phone.phone },
      promoCode: input.promoCode ?? null,
      paymentMethod: input.payment_method,
      currency: c.var.currency,
      languageId: c.var.language.id,
      expectedTotal: input.expected_total ?? null,
      vatId: input.vat_id ?? null,
      idempotencyKey: key,
    }).catch(countryNotServedIn(t));
    c.header('Cache-Control', 'no-store');
    switch (outcome.kind) {
      case 'price-changed':
        return c.json({
          status: 'PRICE_CHANGED',
          message: PRICE_CHANGED_MESSAGE,
          new_totals: totalsJson(outcome.totals),
        });
      case 'no-stock':
        return c.json(errorBody('out_of_stock', NO_STOCK_MESSAGE(outcome.names)), 409);
      case 'unpaid-limit':
        return c.json(errorBody('unpaid_limit', unpaidLimitMessage(t, outcome.problem)), 409);
      case 'card-unavailable':
        return c.json(errorBody('service_unavailable', CARD_PAYMENTS_UNAVAILABLE_MESSAGE), 503);
      case 'promo-used-up': {
        const message = 'This promo code has been used up.';
        return c.json(errorBody('validation_failed', message, { promoCode: [message] }), 422);
      }
      case 'placed': {
        const { order } = outcome;
        const orderData = { order_nr: order.orderNr, amount: order.amount, currency: order.currency };
        if (order.paymentType === 'phone') {
          return c.json({
            status: 'OK',
            payment_type: 'phone',
            message: null,
            order_data: { ...orderData, phone_number: await phonePaymentNumber(db) },
          });
        }
        return c.json({
          status: 'OK',
          payment_type: 'card',
          message: null,
          redirect_url: order.redirectUrl,
          order_data: orderData,
        });
      }
    }
  },
);

/** POST /api/balance/top-up {amount}: a card payment that credits the balance once paid. */
export const balanceApp = createRouter().post(
  '/top-up',
  requireVerified(),
  rateLimit({ ...CHECKOUT_LIMIT, name: 'top-up', key: perUser }),
  async (c) => {
    const db = c.var.db;
    requireCardPayments();
    const limits = await topUpLimits(db, c.var.currency);
    // An English sentence, so its amounts are written the English way ("€10.00"), as the shop writes them.
    const min = formatCents(limits.minCents, c.var.currency.code, 'en');
    const max = formatCents(limits.maxCents, c.var.currency.code, 'en');
    const message = `Enter an amount between ${min} and ${max}.`;
    const { amount } = parseFields(topUpBody(message, limits), await jsonObject(c), message);
    const order = await startTopUp(db, {
      userId: c.var.user!.id,
      amountCents: Math.round(amount * 10 ** minorDigits(c.var.currency.code)),
      currency: c.var.currency,
    });
    c.header('Cache-Control', 'no-store');
    const redirectUrl = await paymentPageUrl(db, order.paymentId, c.var.log);
    if (!redirectUrl) return c.json(errorBody('service_unavailable', CARD_PAYMENTS_UNAVAILABLE_MESSAGE), 503);
    return c.json({
      status: 'OK',
      payment_type: 'card',
      message: null,
      redirect_url: redirectUrl,
      order_data: { order_nr: order.orderNr, amount: order.amount, currency: order.currency },
    });
  },
);
