import { describe, expect, it } from 'vitest';
import { isVatIdFormat, normalizeVatId, parseVatId } from './vat-id';
import { EU_MEMBER_STATES } from './regions';

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

describe('EU VAT id formats', () => {
  it('accepts one valid-looking id per member state, normalised, with its country', () => {
    const samples: Record<string, string> = {
      AT: 'ATU12345678',
      BE: 'BE0123456789',
      BG: 'BG123456789',
      CY: 'CY12345678L',
      CZ: 'CZ12345678',
      DE: 'DE123456789',
      DK: 'DK12345678',
      EE: 'EE123456789',
      GR: 'EL123456789',
      ES: 'ESX1234567Z',
      FI: 'FI12345678',
      FR: 'FRXX123456789',
      HR: 'HR12345678901',
      HU: 'HU12345678',
      IE: 'IE1234567T',
      IT: 'IT12345678901',
      LT: 'LT123456789',
      LU: 'LU12345678',
      LV: 'LV12345678901',
      MT: 'MT12345678',
      NL: 'NL861234567B01',
      PL: 'PL1234567890',
      PT: 'PT123456789',
      RO: 'RO1234567',
      SE: 'SE123456789001',
      SI: 'SI12345678',
      SK: 'SK1234567890',
    };
    expect(Object.keys(samples).sort()).toEqual([...EU_MEMBER_STATES].sort());
    for (const [country, id] of Object.entries(samples)) expect(parseVatId(id), id).toEqual({ id, country });
  });

  it('normalises case, spaces, dots and dashes', () => {
    expect(parseVatId(' de 123.456-789 ')).toEqual({ id: 'DE123456789', country: 'DE' });
    expect(parseVatId('fr 40 303 265 045')).toEqual({ id: 'FR40303265045', country: 'FR' });
    expect(parseVatId('nl861234567b01')).toEqual({ id: 'NL861234567B01', country: 'NL' });
  });

  it('refuses wrong lengths, letters, unknown or non-EU prefixes and the ISO code GR', () => {
    for (const bad of [
      '',
      'DE',
      'DE12345678',
      'DE1234567890',
      'DEABCDEFGHI',
      'ATU1234567',
      'AT12345678',
      'NL123456789',
      'NL861234567C01',
      'GR123456789',
      'GB123456789',
      'CHE123456789',
      'XI123456789',
      'US123456789',
      'FRIO123456789',
      'BE2123456789',
      '123456789',
      'DE123456789' + ' '.repeat(30),
      'DE12345678<9',
    ])
      expect(parseVatId(bad), bad).toBeNull();
    expect(parseVatId(null)).toBeNull();
    expect(parseVatId(undefined)).toBeNull();
  });
});
