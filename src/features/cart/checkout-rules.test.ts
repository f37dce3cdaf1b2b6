import { describe, expect, it } from 'vitest';
import {
  afterPromoChange,
  checkoutButton,
  checkoutFailure,
  checkoutOutcome,
  newIdempotencyKey,
  type PromoCode,
  promoFromReply,
  promoSubmitDisabled,
} from './checkout-rules';
import { EMPTY_TOTALS, type Totals, type TotalsState } from './totals-state';

const t = { converted: { final_amount: 10 } } as unknown as Totals;
const state = (status: TotalsState['status'], extra: Partial<TotalsState> = {}): TotalsState => ({
  status,
  totals: status === 'ready' ? t : null,
  addressError: null,
  ...extra,
});
const base = { formValid: true, calculating: false, submitting: false, totals: EMPTY_TOTALS };

describe('checkout button states (spec §4), in order', () => {
  it('Complete Form (disabled) while the form is invalid; a press only validates', () => {
    expect(checkoutButton({ ...base, formValid: false })).toEqual({
      label: 'completeForm',
      text: null,
      disabled: true,
      action: 'validate',
    });
  });
  it('Calculate Shipping when valid and not calculated', () => {
    expect(checkoutButton(base)).toMatchObject({ label: 'calculateShipping', disabled: false, action: 'calculate' });
  });
  it('Place Order once calculated', () => {
    expect(checkoutButton({ ...base, totals: state('ready') })).toMatchObject({
      label: 'placeOrder',
      disabled: false,
      action: 'place',
    });
  });
  it('Processing... (disabled) while calculating or submitting', () => {
    expect(checkoutButton({ ...base, calculating: true })).toMatchObject({ label: 'processing', disabled: true });
    expect(checkoutButton({ ...base, submitting: true, totals: state('ready') })).toMatchObject({
      label: 'processing',
      disabled: true,
    });
    expect(checkoutButton({ ...base, totals: state('calculating') })).toMatchObject({
      label: 'processing',
      disabled: true,
    });
  });
  it('Place Order (Delivery Price N/A) is enabled when delivery is unavailable', () => {
    expect(checkoutButton({ ...base, totals: state('delivery-unavailable') })).toMatchObject({
      label: 'placeOrderDeliveryNA',
      disabled: false,
      action: 'place',
    });
  });
  it('a delivery/address error shows its text, disabled', () => {
    expect(
      checkoutButton({ ...base, totals: state('address-error', { addressError: 'Invalid postcode for Germany.' }) }),
    ).toEqual({
      label: 'error',
      text: 'Invalid postcode for Germany.',
      disabled: true,
      action: 'none',
    });
  });
});

describe('promo rules (spec §4 Promo, §5 Promo code)', () => {
  const active: PromoCode = {
    id: 1,
    code: 'SAVE10',
    description: '',
    discount_type: 'fixed',
    discount_amount: 10,
    applies_to_delivery: false,
  };
  it('Submit disabled when empty, loading or a code is active', () => {
    expect(promoSubmitDisabled('', false, null)).toBe(true);
    expect(promoSubmitDisabled('   ', false, null)).toBe(true);
    expect(promoSubmitDisabled('SAVE10', true, null)).toBe(true);
    expect(promoSubmitDisabled('SAVE10', false, active)).toBe(true);
    expect(promoSubmitDisabled('SAVE10', false, null)).toBe(false);
  });
  it('applies only on status OK; recalculates only with a complete address', () => {
    expect(promoFromReply({ status: 'OK', payload: active })).toEqual(active);
    expect(promoFromReply({ status: 'ERROR', payload: active })).toBeNull();
    expect(promoFromReply(null)).toBeNull();
    expect(afterPromoChange(true)).toBe('recalculate');
    expect(afterPromoChange(false)).toBe('needs-address');
  });
});

describe('checkout answers (spec §4 Checkout flow)', () => {
  const texts = {
    generic: 'An error occurred during checkout',
    noStock: 'Some items in your cart are no longer available.',
  };
  it('phone → modal; other OK → redirect', () => {
    const order = { order_nr: '260101-000001', phone_number: '+1', amount: 12.5, currency: 'EUR' };
    expect(checkoutOutcome({ status: 'OK', payment_type: 'phone', order_data: order }, texts)).toEqual({
      kind: 'phone',
      order,
    });
    expect(checkoutOutcome({ status: 'OK', payment_type: 'card', redirect_url: '/pay/demo/x' }, texts)).toEqual({
      kind: 'redirect',
      url: '/pay/demo/x',
    });
    expect(checkoutOutcome({ status: 'OK' }, texts)).toEqual({ kind: 'fail', message: texts.generic });
  });
  it('PRICE_CHANGED → new totals and the message', () => {
    expect(checkoutOutcome({ status: 'PRICE_CHANGED', message: 'Prices have changed', new_totals: t }, texts)).toEqual({
      kind: 'price-changed',
      totals: t,
      message: 'Prices have changed',
    });
  });
  it('"no stock" (code out_of_stock) → the cart message, no redirect; anything else → fail with the message', () => {
    expect(
      checkoutFailure({ status: 409, code: 'out_of_stock', message: 'Leider nicht mehr vorrätig: Zelt.' }, texts),
    ).toEqual({
      kind: 'no-stock',
      message: texts.noStock,
    });
    expect(checkoutFailure({ status: 500, message: '' }, texts)).toEqual({ kind: 'fail', message: texts.generic });
    expect(checkoutFailure({ status: 429, message: 'Too many requests.' }, texts)).toEqual({
      kind: 'fail',
      message: 'Too many requests.',
    });
    expect(checkoutFailure({ status: 401, message: 'Unauthenticated.', handled: true }, texts)).toEqual({
      kind: 'handled',
    });
    expect(
      checkoutFailure(
        {
          status: 422,
          message: 'Please complete all required shipping information.',
          errors: { city: 'This field is required' },
        },
        texts,
      ),
    ).toEqual({
      kind: 'fields',
      errors: { city: 'This field is required' },
      message: 'Please complete all required shipping information.',
    });
    expect(
      checkoutFailure({ status: 409, code: 'conflict', message: 'Sorry, there is no stock left for: Tent.' }, texts)
        .kind,
    ).toBe('fail');
    expect(
      checkoutFailure(
        { status: 409, code: 'unpaid_limit', message: 'You already have 3 orders waiting for payment.' },
        texts,
      ),
    ).toEqual({ kind: 'redirect', url: '/account/unpaid-orders' });
    expect(checkoutOutcome({ status: 'ERROR', code: 'out_of_stock', message: 'Plus de stock' }, texts).kind).toBe(
      'no-stock',
    );
  });
  it('no card provider (422 with a payment_method error): the message is shown on the form, no fail page', () => {
    const message = 'Card payments are not available at the moment. Please choose phone payment.';
    expect(checkoutFailure({ status: 422, message, errors: { payment_method: message } }, texts)).toEqual({
      kind: 'fields',
      errors: { payment_method: message },
      message,
    });
  });
  it('idempotency keys match the server pattern and differ per attempt', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\w.:-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
