import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatOrderDate,
  orderDetailHref,
  orderStatusView,
  ordersPageHref,
  pageList,
  parsePageParam,
  phonePaymentFromOrder,
  viewOrdersTarget,
} from './orders-format';

describe('formatOrderDate', () => {
  it('is DD.MM.YYYY in UTC', () => {
    expect(formatOrderDate('2026-03-07T10:00:00.000Z')).toBe('07.03.2026');
    expect(formatOrderDate('2025-12-31T23:59:59.000Z')).toBe('31.12.2025');
    expect(formatOrderDate(new Date(Date.UTC(2024, 0, 1)))).toBe('01.01.2024');
  });
  it('gives an empty text for a missing or unreadable date', () => {
    expect(formatOrderDate(null)).toBe('');
    expect(formatOrderDate('not a date')).toBe('');
  });
});

describe('orderStatusView', () => {
  it('maps the four statuses to their colour and label (spec §2, §3)', () => {
    expect(orderStatusView('Success')).toEqual({ tone: 'success', labelKey: 'orders.statusLabel.success' });
    expect(orderStatusView('Pending')).toEqual({ tone: 'pending', labelKey: 'orders.statusLabel.pending' });
    expect(orderStatusView('Error')).toEqual({ tone: 'error', labelKey: 'orders.statusLabel.error' });
    expect(orderStatusView('Failed')).toEqual({ tone: 'error', labelKey: 'orders.statusLabel.failed' });
  });
  it('gives the back office statuses their own tone and label (ADR 023)', () => {
    expect(orderStatusView('Shipped')).toEqual({ tone: 'shipped', labelKey: 'orders.statusLabel.shipped' });
    expect(orderStatusView('Cancelled')).toEqual({ tone: 'cancelled', labelKey: 'orders.statusLabel.cancelled' });
    expect(orderStatusView('Refunded')).toEqual({ tone: 'refunded', labelKey: 'orders.statusLabel.refunded' });
  });
  it('shows anything else as Unknown...', () => {
    for (const status of ['Refund', '', null, undefined, 'success', 'shipped']) {
      expect(orderStatusView(status)).toEqual({ tone: 'unknown', labelKey: 'orders.statusLabel.unknown' });
    }
  });
});

// Amounts (the phone modal's total too): tests/unit/rules/money.test.ts.
describe('phone payment from an order (spec §4, §8)', () => {
  const order = { order_nr: 'GS-2026-1006', payment_method: 'phone', amount: 42.1, currency: 'EUR' };
  const config = {
    status: 'OK',
    payload: {
      phone_number_global: '+1 415 555 0142',
      phone_number_uk_eu: '+44 20 7946 0321',
      phone_number: '+1 415 555 0142',
    },
  };

  it('opens with both numbers, the order number, amount and currency', () => {
    expect(phonePaymentFromOrder(order, config)).toEqual({
      ok: true,
      data: {
        orderNr: 'GS-2026-1006',
        amount: 42.1,
        currency: 'EUR',
        phoneGlobal: '+1 415 555 0142',
        phoneUkEu: '+44 20 7946 0321',
      },
    });
  });
  it('refuses a card order', () => {
    expect(phonePaymentFromOrder({ ...order, payment_method: 'card' }, config)).toEqual({
      ok: false,
      error: 'notPhone',
    });
  });
  it('needs an OK answer with a number', () => {
    expect(phonePaymentFromOrder(order, null)).toEqual({ ok: false, error: 'details' });
    expect(phonePaymentFromOrder(order, { status: 'ERROR', payload: config.payload })).toEqual({
      ok: false,
      error: 'details',
    });
    expect(
      phonePaymentFromOrder(order, { status: 'OK', payload: { phone_number_global: '', phone_number_uk_eu: '' } }),
    ).toEqual({ ok: false, error: 'details' });
  });
  it('takes phone_number when only the single number of §7 is there', () => {
    const result = phonePaymentFromOrder(order, { status: 'OK', payload: { phone_number: '+1 555' } });
    expect(result.ok && result.data.phoneGlobal).toBe('+1 555');
  });
});

describe('small rules', () => {
  it('View Orders goes to the orders tab when signed in, else home', () => {
    expect(viewOrdersTarget(true)).toBe('/account?tab=orders');
    expect(viewOrdersTarget(false)).toBe('/');
  });
  it('joins the delivery address', () => {
    expect(
      formatAddress({
        name: 'Alex',
        surname: 'Demo',
        address: 'Friedrichstraße 123',
        city: 'Berlin',
        post_code: '10117',
        country: 'Germany',
      }),
    ).toBe('Alex Demo, Friedrichstraße 123, 10117 Berlin, Germany');
    expect(formatAddress({ city: 'Berlin', address: ' ' })).toBe('Berlin');
  });
  it('lists pages with gaps past 7', () => {
    expect(pageList(1, 2)).toEqual([1, 2]);
    expect(pageList(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageList(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageList(10, 10)).toEqual([1, null, 9, 10]);
  });
  it('reads the page query and builds page links', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('x')).toBe(1);
    expect(parsePageParam(null)).toBe(1);
    expect(ordersPageHref(1)).toBe('/account?tab=orders');
    expect(ordersPageHref(2)).toBe('/account?tab=orders&page=2');
  });
});

describe('orderDetailHref', () => {
  it('is /account/orders/{order number}, encoded', () => {
    expect(orderDetailHref('A1B2C3')).toBe('/account/orders/A1B2C3');
    expect(orderDetailHref('a/b c')).toBe('/account/orders/a%2Fb%20c');
  });
});
