import { describe, expect, it } from 'vitest';
import { COUNTRY_STATES, countryState, flagsOf, isCountryState } from './country-state';

describe('country states', () => {
  it('reads the state from the two flags', () => {
    expect(countryState({ served: true, delivery_available: true })).toBe('served');
    expect(countryState({ served: true, delivery_available: false })).toBe('on_request');
    expect(countryState({ served: false, delivery_available: true })).toBe('not_served');
    expect(countryState({ served: false, delivery_available: false })).toBe('not_served');
  });

  it('each state sets flags that read back as it', () => {
    for (const state of COUNTRY_STATES) {
      for (const before of [true, false])
        expect(countryState({ delivery_available: before, ...flagsOf(state) })).toBe(state);
    }
    expect(flagsOf('not_served')).toEqual({ served: false });
  });

  it('knows its names only', () => {
    expect(isCountryState('on_request')).toBe(true);
    expect(isCountryState('ON_REQUEST')).toBe(false);
    expect(isCountryState(1)).toBe(false);
  });
});
