import { describe, expect, it } from 'vitest';
import { shopJsonLd } from './shop-json-ld';

const base = {
  name: 'Alpen Outfitters',
  url: 'https://shop.test/de/',
  language: 'de',
  legalName: '',
  vatId: '',
  email: '',
  phone: '',
  address: '',
  country: null,
};

describe('shopJsonLd', () => {
  it('names the shop as Organization and WebSite, with the settings the owner filled in', () => {
    const data = shopJsonLd({
      ...base,
      legalName: 'Alpen Outfitters GmbH',
      vatId: 'DE123456789',
      phone: '+49 30 1234567',
      address: 'Hauptstr. 1, 10115 Berlin',
      country: 'DE',
    }) as { '@graph': Record<string, unknown>[] };
    expect(data['@graph']).toEqual([
      {
        '@type': 'Organization',
        '@id': 'https://shop.test/de/#organization',
        name: 'Alpen Outfitters',
        url: 'https://shop.test/de/',
        legalName: 'Alpen Outfitters GmbH',
        vatID: 'DE123456789',
        telephone: '+49 30 1234567',
        address: { '@type': 'PostalAddress', streetAddress: 'Hauptstr. 1, 10115 Berlin', addressCountry: 'DE' },
      },
      {
        '@type': 'WebSite',
        '@id': 'https://shop.test/de/#website',
        name: 'Alpen Outfitters',
        url: 'https://shop.test/de/',
        inLanguage: 'de',
        publisher: { '@id': 'https://shop.test/de/#organization' },
      },
    ]);
  });

  it('leaves out what is empty', () => {
    const data = shopJsonLd(base) as { '@graph': Record<string, unknown>[] };
    expect(Object.keys(data['@graph'][0]!)).toEqual(['@type', '@id', 'name', 'url']);
  });
});
