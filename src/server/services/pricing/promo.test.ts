import { describe, expect, it } from 'vitest';
import { customerPromoProblem, PROMO_MESSAGES } from './promo.server';

const code = (over: { perCustomerLimit?: number | null; firstOrderOnly?: boolean } = {}) => ({
  perCustomerLimit: over.perCustomerLimit ?? null,
  firstOrderOnly: over.firstOrderOnly ?? false,
});

describe('customerPromoProblem', () => {
  it('a code without rules of its own is fine for anyone', () => {
    expect(customerPromoProblem(code(), { uses: 5, orders: 9 })).toBeNull();
  });

  it("a per-customer limit counts the customer's uses", () => {
    expect(customerPromoProblem(code({ perCustomerLimit: 1 }), { uses: 0, orders: 3 })).toBeNull();
    expect(customerPromoProblem(code({ perCustomerLimit: 1 }), { uses: 1, orders: 3 })).toBe('usedByCustomer');
    expect(customerPromoProblem(code({ perCustomerLimit: 2 }), { uses: 1, orders: 3 })).toBeNull();
    expect(customerPromoProblem(code({ perCustomerLimit: 2 }), { uses: 2, orders: 3 })).toBe('usedByCustomer');
  });

  it('first order only: any earlier order refuses it, with its own message', () => {
    expect(customerPromoProblem(code({ firstOrderOnly: true }), { uses: 0, orders: 0 })).toBeNull();
    expect(customerPromoProblem(code({ firstOrderOnly: true }), { uses: 0, orders: 1 })).toBe('firstOrderOnly');
    expect(PROMO_MESSAGES.firstOrderOnly).toBe('This promo code is only valid on your first order.');
    expect(PROMO_MESSAGES.usedByCustomer).toBe('You have already used this promo code.');
  });
});
