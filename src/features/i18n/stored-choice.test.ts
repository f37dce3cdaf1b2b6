import { describe, expect, it } from 'vitest';
import { planStoredChoice, type StoredChoiceInput } from './stored-choice';

const base: StoredChoiceInput = {
  pageLanguage: '1',
  pageCurrency: 'EUR',
  languages: ['1', '2', '3'],
  currencies: ['EUR', 'USD'],
  storedLanguage: null,
  storedCurrency: null,
  hasLanguageCookie: false,
  hasCurrencyCookie: false,
};

describe('the stored language and currency at start-up', () => {
  it('a valid stored choice without its cookie sets the cookie and renders again', () => {
    expect(planStoredChoice({ ...base, storedLanguage: '2', storedCurrency: 'USD' })).toEqual({
      cookies: { languageId: '2', currency: 'USD' },
      store: {},
      reload: true,
    });
  });

  it('a stored choice equal to the page only writes the cookie', () => {
    expect(planStoredChoice({ ...base, storedLanguage: '1', storedCurrency: 'EUR' })).toEqual({
      cookies: { languageId: '1', currency: 'EUR' },
      store: {},
      reload: false,
    });
  });

  it("an invalid stored value is replaced by the page's", () => {
    expect(planStoredChoice({ ...base, storedLanguage: '99', storedCurrency: '<script>' })).toEqual({
      cookies: { languageId: '1', currency: 'EUR' },
      store: { languageId: '1', currency: 'EUR' },
      reload: false,
    });
  });

  it('a cookie wins: nothing to do', () => {
    expect(
      planStoredChoice({ ...base, storedLanguage: '2', hasLanguageCookie: true, hasCurrencyCookie: true }),
    ).toEqual({ cookies: {}, store: {}, reload: false });
  });

  it('an address that names its language (/de/…) keeps it and makes it the choice; the currency follows the stored one', () => {
    expect(
      planStoredChoice({
        ...base,
        pageLanguage: '2',
        storedLanguage: '1',
        storedCurrency: 'USD',
        languageInAddress: true,
      }),
    ).toEqual({
      cookies: { languageId: '2', currency: 'USD' },
      store: { languageId: '2' },
      reload: true,
    });
    expect(
      planStoredChoice({
        ...base,
        pageLanguage: '2',
        storedLanguage: '1',
        hasLanguageCookie: true,
        hasCurrencyCookie: true,
        languageInAddress: true,
      }),
    ).toEqual({ cookies: {}, store: {}, reload: false });
  });
});
