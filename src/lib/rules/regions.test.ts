import { describe, expect, it } from 'vitest';
import { EU_MEMBER_STATES, inRegion, isEuMember } from './regions';

describe('regions', () => {
  it('the EU has its 27 member states, Greece as GR, the UK and Switzerland outside', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(isEuMember('GR')).toBe(true);
    expect(isEuMember('es')).toBe(true);
    for (const iso of ['GB', 'CH', 'NO', 'IS', 'EL', 'US', '']) expect(isEuMember(iso), iso).toBe(false);
  });

  it('inRegion reads a region by its key', () => {
    expect(inRegion('EU', 'de')).toBe(true);
    expect(inRegion('EU', 'GB')).toBe(false);
  });
});
