import { describe, expect, it } from 'vitest';
import { chooseCurrency, chooseLanguage, EUR } from '../../src/features/i18n/locale';
import { parseGoogleTag } from '../../src/features/frame/google-tag';
import { columns } from '../../src/features/frame/frame-data';

const languages = [
  { id: 1, code: 'en', title: 'English', isDefault: false },
  { id: 2, code: 'de', title: 'Deutsch', isDefault: true },
  { id: 3, code: 'fr', title: 'Français', isDefault: false },
];
const currencies = [
  { code: 'USD', symbol: '$', isDefault: false },
  { code: 'EUR', symbol: '€', isDefault: true },
];

describe('start-up choice of language and currency (storefront §4)', () => {
  it('uses the stored language id when it is in the list, else the default-flagged, else the first', () => {
    expect(chooseLanguage(languages, '3')?.code).toBe('fr');
    expect(chooseLanguage(languages, 3)?.code).toBe('fr');
    expect(chooseLanguage(languages, '99')?.code).toBe('de');
    expect(chooseLanguage(languages, 'abc')?.code).toBe('de');
    expect(chooseLanguage(languages, '')?.code).toBe('de');
    expect(chooseLanguage(languages.map((l) => ({ ...l, isDefault: false })), null)?.code).toBe('en');
    expect(chooseLanguage([], '1')).toBeUndefined();
  });

  it('uses the stored currency when listed, else the default, else the first, else EUR', () => {
    expect(chooseCurrency(currencies, 'usd').code).toBe('USD');
    expect(chooseCurrency(currencies, 'GBP').code).toBe('EUR');
    expect(chooseCurrency([{ ...currencies[0]! }], undefined).code).toBe('USD');
    expect(chooseCurrency([], 'USD')).toBe(EUR);
  });
});

describe('Google tag snippet', () => {
  it('keeps https script sources and the gtag config ids; drops other inline code', () => {
    const snippet = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1&amp;l=x"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag("config", "G-1");</script>
<script src="http://insecure.example/x.js"></script><script>alert(1)</script>`;
    expect(parseGoogleTag(snippet)).toEqual({
      sources: [{ src: 'https://www.googletagmanager.com/gtag/js?id=G-1&l=x', async: true }],
      configIds: ['G-1'],
    });
    expect(parseGoogleTag('')).toEqual({ sources: [], configIds: [] });
  });
});

describe('footer columns', () => {
  it('splits links into columns of 5', () => {
    expect(columns([1, 2, 3, 4, 5, 6, 7]).map((c) => c.length)).toEqual([5, 2]);
    expect(columns([])).toEqual([]);
  });
});

describe('start-up failure page', () => {
  it('answers 500 with the spec text and the escaped message', async () => {
    const { initFailureResponse } = await import('../../src/features/frame/frame-data');
    const response = initFailureResponse(new Error('database <down>'));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('An error occurred during initialization: database &#60;down&#62;');
  });
});
