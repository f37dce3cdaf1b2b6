import { type Config, config } from '../config';
import { InvalidInputError } from '../services/errors';

/**
 * Which provider takes card payments (PAYMENT_PROVIDER; ADR 018). `demo` is the built-in demo
 * gateway, whose test cards pay for nothing: outside production by default, in production only
 * when the operator sets it. `none` leaves phone payment only. A real provider joins the
 * PAYMENT_PROVIDERS list in config.ts and gets its case here.
 */
export type CardProvider = Exclude<Config['PAYMENT_PROVIDER'], 'none'>;

export const CARD_PAYMENTS_UNAVAILABLE_MESSAGE =
  'Card payments are not available at the moment. Please choose phone payment.';

export function cardProvider(cfg: Pick<Config, 'PAYMENT_PROVIDER'> = config()): CardProvider | null {
  return cfg.PAYMENT_PROVIDER === 'none' ? null : cfg.PAYMENT_PROVIDER;
}

/** Whether /pay/demo/*, the demo webhook and the gateway's resends exist at all. */
export function demoGatewayEnabled(cfg: Pick<Config, 'PAYMENT_PROVIDER'> = config()): boolean {
  return cardProvider(cfg) === 'demo';
}

/**
 * Before a card order or top-up is created: a 422 the checkout form shows as a message (it stays
 * on the form, where phone payment is still open), never an order nobody can pay.
 */
export function requireCardPayments(cfg: Pick<Config, 'PAYMENT_PROVIDER'> = config()): CardProvider {
  const provider = cardProvider(cfg);
  if (!provider) {
    throw new InvalidInputError(CARD_PAYMENTS_UNAVAILABLE_MESSAGE, {
      payment_method: [CARD_PAYMENTS_UNAVAILABLE_MESSAGE],
    });
  }
  return provider;
}
