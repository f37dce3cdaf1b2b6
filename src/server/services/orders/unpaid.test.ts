import { describe, expect, it } from 'vitest';
import { fileMessages } from '@/server/i18n/messages';
import { createTranslator } from '@/server/i18n/translator';
import { unpaidLimitMessage, unpaidLimitProblem } from './unpaid';

const limits = { orders: 3, units: 100 };
const translator = (code: string) => createTranslator(code, fileMessages(code), fileMessages('en'));

describe('unpaidLimitProblem', () => {
  it('lets an order through up to both limits, the new order counted', () => {
    expect(unpaidLimitProblem({ orders: 0, units: 0 }, 100, limits)).toBeNull();
    expect(unpaidLimitProblem({ orders: 2, units: 60 }, 40, limits)).toBeNull();
  });

  it('refuses a new order when the customer already holds the most unpaid orders', () => {
    expect(unpaidLimitProblem({ orders: 3, units: 3 }, 1, limits)).toEqual({ kind: 'orders', limit: 3 });
    expect(unpaidLimitProblem({ orders: 1, units: 1 }, 1, { orders: 1, units: 100 })).toEqual({
      kind: 'orders',
      limit: 1,
    });
  });

  it('refuses units beyond the limit, with what is already held', () => {
    expect(unpaidLimitProblem({ orders: 1, units: 60 }, 41, limits)).toEqual({ kind: 'units', limit: 100, held: 60 });
    expect(unpaidLimitProblem({ orders: 0, units: 0 }, 101, limits)).toEqual({ kind: 'units', limit: 100, held: 0 });
  });
});

describe('unpaidLimitMessage', () => {
  it('words the refusals in English, singular and plural', async () => {
    const t = await translator('en');
    expect(unpaidLimitMessage(t, { kind: 'orders', limit: 3 })).toBe(
      'You already have 3 orders waiting for payment. Please pay for them, or wait until they expire, before placing another order.',
    );
    expect(unpaidLimitMessage(t, { kind: 'orders', limit: 1 })).toBe(
      'You already have 1 order waiting for payment. Please pay for it, or wait until it expires, before placing another order.',
    );
    expect(unpaidLimitMessage(t, { kind: 'units', limit: 100, held: 60 })).toBe(
      'Orders waiting for payment may hold at most 100 items together, and 60 are already reserved for you. Please pay for your earlier orders first or order fewer items.',
    );
    expect(unpaidLimitMessage(t, { kind: 'units', limit: 1, held: 1 })).toContain('at most 1 item together, and 1 is');
  });

  it('uses French plural rules: 0 and 1 are singular, 2 plural', async () => {
    const t = await translator('fr');
    expect(unpaidLimitMessage(t, { kind: 'orders', limit: 1 })).toContain('1 commande en attente');
    expect(unpaidLimitMessage(t, { kind: 'orders', limit: 2 })).toContain('2 commandes en attente');
    expect(unpaidLimitMessage(t, { kind: 'units', limit: 2, held: 0 })).toContain(
      'au plus 2 articles au total, et 0 est',
    );
    expect(unpaidLimitMessage(t, { kind: 'units', limit: 5, held: 2 })).toContain('et 2 sont déjà réservés');
  });

  it('never says "no stock" (the client would treat it as a stock problem)', async () => {
    const t = await translator('en');
    expect(unpaidLimitMessage(t, { kind: 'orders', limit: 3 })).not.toContain('no stock');
    expect(unpaidLimitMessage(t, { kind: 'units', limit: 100, held: 5 })).not.toContain('no stock');
  });
});
