/**
 * schema.org Organization and WebSite for the home page (issue 25): search engines learn the
 * shop's name, its company and how to reach it from the settings. Fields the owner left empty are
 * left out rather than written empty. Pure.
 */
export interface ShopIdentity {
  /** The shop name as shown (the app.name message, which the settings' shop name overrides). */
  name: string;
  /** Absolute URL of the home page in this language. */
  url: string;
  /** The page's language code. */
  language: string;
  legalName: string;
  vatId: string;
  email: string;
  phone: string;
  address: string;
  /** ISO 3166-1 alpha-2 of the home country, if chosen. */
  country: string | null;
}

function present(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

export function shopJsonLd(shop: ShopIdentity): unknown {
  const organization = present({
    '@type': 'Organization',
    '@id': `${shop.url}#organization`,
    name: shop.name,
    url: shop.url,
    legalName: shop.legalName.trim(),
    vatID: shop.vatId.trim(),
    email: shop.email.trim(),
    telephone: shop.phone.trim(),
    address: shop.address.trim()
      ? present({ '@type': 'PostalAddress', streetAddress: shop.address.trim(), addressCountry: shop.country })
      : undefined,
  });
  const website = {
    '@type': 'WebSite',
    '@id': `${shop.url}#website`,
    name: shop.name,
    url: shop.url,
    inLanguage: shop.language,
    publisher: { '@id': `${shop.url}#organization` },
  };
  return { '@context': 'https://schema.org', '@graph': [organization, website] };
}
