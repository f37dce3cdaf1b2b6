import { describe, expect, it } from 'vitest';
import { isVatIdFormat, normalizeVatId } from './vat-id';

describe('VAT id format', () => {
  it.each([
    ['DE123456789', true],
    ['de 123 456 789', true],
    ['NL861234567B01', true],
    ['FRXX999999999', true],
    ['FR12345678901', true],
    ['ATU12345678', true],
    ['GB123456789', true],
    ['GB 123 4567 89 012', true],
    ['CHE-123.456.789 MWST', true],
    ['ESX1234567X', true],
    ['IE1234567WA', true],
    ['US12345', true],
    ['', true],
    ['DE12345678', false],
    ['DE1234567890', false],
    ['NL861234567', false],
    ['ATU1234567', false],
    ['FRIO999999999', false],
    ['123456789', false],
    ['D1234', false],
    ['DE12345678<', false],
    ['ÄÖ1234567', false],
  ])('%s → %s', (raw, ok) => {
    expect(isVatIdFormat(normalizeVatId(raw))).toBe(ok);
  });

  it('is stored in capitals without spaces, dots and hyphens', () => {
    expect(normalizeVatId(' che-123.456.789 mwst ')).toBe('CHE123456789MWST');
  });
});
