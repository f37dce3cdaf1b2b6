import { describe, expect, it } from 'vitest';
import { UNPAID_MESSAGES, unpaidLimitProblem } from './unpaid';

const limits = { orders: 3, units: 100 };

describe('unpaidLimitProblem', () => {
  it('lets an order through up to both limits, the new order counted', () => {
    expect(unpaidLimitProblem({ orders: 0, units: 0 }, 100, limits)).toBeNull();
    expect(unpaidLimitProblem({ orders: 2, units: 60 }, 40, limits)).toBeNull();
  });

  it('refuses a new order when the customer already holds the most unpaid orders', () => {
    expect(unpaidLimitProblem({ orders: 3, units: 3 }, 1, limits)).toBe(
      'You already have 3 orders waiting for payment. Please pay for them, or wait until they expire, before placing another order.',
    );
    expect(unpaidLimitProblem({ orders: 1, units: 1 }, 1, { orders: 1, units: 100 })).toBe(UNPAID_MESSAGES.orders(1));
    expect(UNPAID_MESSAGES.orders(1)).toContain('1 order waiting');
  });

  it('refuses units beyond the limit, with what is already held', () => {
    expect(unpaidLimitProblem({ orders: 1, units: 60 }, 41, limits)).toBe(
      'Orders waiting for payment may hold at most 100 items together, and 60 are already reserved for you. Please pay for your earlier orders first or order fewer items.',
    );
    expect(unpaidLimitProblem({ orders: 0, units: 0 }, 101, limits)).toBe(UNPAID_MESSAGES.units(100, 0));
  });

  it('never says "no stock" (the client would treat it as a stock problem)', () => {
    expect(UNPAID_MESSAGES.orders(3)).not.toContain('no stock');
    expect(UNPAID_MESSAGES.units(100, 5)).not.toContain('no stock');
  });
});
