import { describe, expect, it } from 'vitest';
import { TEST_CARDS, cardOutcome, checkCard, luhnValid, maskedCard, parseExpiry } from './demo-cards';

const NOW = new Date('2026-11-22T12:00:00Z');
const card = (over: Partial<Record<'number' | 'expiry' | 'cvc' | 'holder', string>> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  holder: 'Ada Lovelace',
  ...over,
});

describe('demo cards', () => {
  it('the three test cards pass Luhn and behave as documented', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(cardOutcome('4242 4242 4242 4242')).toBe('succeeded');
    expect(cardOutcome('4000-0000-0000-0002')).toBe('declined');
    expect(cardOutcome('4000000000003220')).toBe('requires_action');
    // Another valid number is declined: only test cards are accepted in the sandbox.
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(cardOutcome('5555555555554444')).toBe('declined');
  });

  it('rejects numbers that fail Luhn or have the wrong length', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242x24242424242')).toBe(false);
  });

  it('parses MM/YY and MM/YYYY and refuses other months', () => {
    expect(parseExpiry('1/27')).toEqual({ month: 1, year: 2027 });
    expect(parseExpiry(' 12 / 2030 ')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('00/27')).toBeNull();
    expect(parseExpiry('1227')).toBeNull();
  });

  it('checks every field and names each problem', () => {
    expect(checkCard(card(), NOW)).toEqual({});
    // The current month is still valid; last month is expired.
    expect(checkCard(card({ expiry: '11/26' }), NOW)).toEqual({});
    expect(checkCard(card({ expiry: '10/26' }), NOW)).toEqual({ expiry: 'expired' });
    expect(checkCard({ number: '1234', expiry: 'soon', cvc: '12a', holder: ' ' }, NOW)).toEqual({
      number: 'number',
      expiry: 'expiry',
      cvc: 'cvc',
      holder: 'holder',
    });
  });

  it('shows only the last four digits', () => {
    expect(maskedCard('4242 4242 4242 4242')).toBe('•••• 4242');
  });
});
