/**
 * A small, fully known content set for the content/categories API tests: exact expected values
 * without depending on the demo seed's texts. German has translations (some deliberately
 * missing or blank, to prove the fallback to the base row); French has none.
 */
import type { Db } from '@/server/db/client';
import {
  categories,
  categoryTranslations,
  countries,
  currencies,
  faqs,
  faqTranslations,
  featuredCategories,
  featuredCategoryTranslations,
  languages,
  settings,
  socialLinks,
  staticPages,
  staticPageTranslations,
} from '@/server/db/schema/index';
import { invalidateShopBasics } from '@/server/services/request-context';

export interface ContentFixture {
  lang: { en: number; de: number; fr: number };
  pages: { about: number; terms: number; privacy: number; cookies: number; draft: number };
  faqs: { shipping: number; returns: number; hidden: number };
  categories: { outdoor: number; tech: number; tents: number; backpacks: number; domeTents: number; keyboards: number };
  featured: { first: number; second: number };
}

export async function seedContentFixture(db: Db): Promise<ContentFixture> {
  const langRows = await db
    .insert(languages)
    .values([
      { code: 'en', title: 'English', isDefault: true, position: 0 },
      { code: 'de', title: 'Deutsch', position: 1 },
      { code: 'fr', title: 'Français', position: 2 },
    ])
    .returning();
  const lang = Object.fromEntries(langRows.map((r) => [r.code, r.id])) as ContentFixture['lang'];

  await db.insert(currencies).values([
    { code: 'EUR', symbol: '€', value: '1', isDefault: true, position: 0 },
    { code: 'USD', symbol: '$', value: '1.085', position: 1 },
    { code: 'GBP', symbol: '£', value: '0.8575', position: 2 },
  ]);

  await db.insert(settings).values({
    id: 1,
    requisites: 'Fixture Gear Ltd · no. 1',
    copyright: '© Fixture Gear',
    supportEmail: 'help@fixture.test',
    isRegEnabled: false,
    minTopUpAmountCents: 1005,
    vatPercent: '19.50',
    googleTag: '<script>gtag()</script>',
    companyAddress: '1 Test Street, Testville',
    phonePaymentGlobal: '+1 555 0100',
    phonePaymentUkEu: '+44 555 0100',
  });

  const [about, terms, privacy, cookies, draft] = await db
    .insert(staticPages)
    .values([
      {
        slug: 'about-us',
        title: 'About us',
        content: '<p>We sell <b>gear</b>.</p><script>alert(1)</script>',
        position: 0,
      },
      { slug: 'terms', title: 'Terms', content: '<p>Terms text</p>', isTerms: true, position: 2 },
      { slug: 'privacy', title: 'Privacy', content: '<p onclick="x()">Privacy text</p>', isPrivacy: true, position: 1 },
      { slug: 'cookies', title: 'Cookies', content: '<p>Cookie text</p>', isCookie: true, position: 3 },
      { slug: 'draft', title: 'Draft', content: '<p>Not yet</p>', published: false, position: 4 },
    ])
    .returning({ id: staticPages.id });
  await db.insert(staticPageTranslations).values([
    { pageId: about!.id, languageId: lang.de, title: 'Über uns', content: '<p>Wir verkaufen <b>Ausrüstung</b>.</p>' },
    // A blank title is an unfinished translation: the English title shows, the content is German.
    { pageId: terms!.id, languageId: lang.de, title: '', content: '<p>AGB-Text</p>' },
  ]);

  const [shipping, returns, hidden] = await db
    .insert(faqs)
    .values([
      { title: 'Shipping?', content: '<p>Fast.</p><img src="x" onerror="alert(1)">', isPopular: true, position: 1 },
      { title: 'Returns?', content: '<p>30 days.</p>', position: 0 },
      { title: 'Hidden?', content: '<p>No.</p>', published: false, position: 2 },
    ])
    .returning({ id: faqs.id });
  await db
    .insert(faqTranslations)
    .values([{ faqId: shipping!.id, languageId: lang.de, title: 'Versand?', content: '<p>Schnell.</p>' }]);

  await db.insert(socialLinks).values([
    { name: 'YouTube', url: 'https://www.youtube.com/', icon: 'youtube', position: 1 },
    { name: 'Facebook', url: 'https://www.facebook.com/', icon: 'facebook', position: 0 },
  ]);

  await db.insert(countries).values([
    { name: 'Netherlands', iso: 'NL' },
    { name: 'Austria', iso: 'AT' },
    { name: 'Germany', iso: 'DE' },
  ]);

  const [first, second] = await db
    .insert(featuredCategories)
    .values([
      {
        title: 'Outdoor Adventure',
        shortTitle: 'Outdoor',
        description: 'Tents.',
        imageUrl: '/img/outdoor.svg',
        url: '/products/outdoor/all',
        position: 2,
      },
      {
        title: 'Tech',
        shortTitle: null,
        description: 'Gadgets.',
        imageUrl: '/img/tech.svg',
        url: '/products/tech/all',
        position: 1,
      },
    ])
    .returning({ id: featuredCategories.id });
  await db.insert(featuredCategoryTranslations).values([
    {
      featuredCategoryId: first!.id,
      languageId: lang.de,
      title: 'Outdoor-Abenteuer',
      shortTitle: 'Draußen',
      description: 'Zelte.',
    },
  ]);

  const [outdoor, tech] = await db
    .insert(categories)
    .values([
      { slug: 'outdoor', name: 'Outdoor', position: 1 },
      { slug: 'tech', name: 'Tech', position: 2 },
    ])
    .returning({ id: categories.id });
  const [tents, backpacks, keyboards] = await db
    .insert(categories)
    .values([
      { slug: 'tents', name: 'Tents', parentId: outdoor!.id, position: 2 },
      { slug: 'backpacks', name: 'Backpacks', parentId: outdoor!.id, position: 1 },
      { slug: 'keyboards', name: 'Keyboards', parentId: tech!.id, position: 1 },
    ])
    .returning({ id: categories.id });
  const [domeTents] = await db
    .insert(categories)
    .values({ slug: 'dome-tents', name: 'Dome Tents', parentId: tents!.id })
    .returning({ id: categories.id });
  await db.insert(categoryTranslations).values([
    { categoryId: outdoor!.id, languageId: lang.de, name: 'Draußen' },
    { categoryId: tents!.id, languageId: lang.de, name: 'Zelte' },
    { categoryId: domeTents!.id, languageId: lang.de, name: 'Kuppelzelte' },
  ]);

  // The languages/currencies/settings cache may hold the empty tables from before the fixture.
  invalidateShopBasics(db);
  return {
    lang,
    pages: { about: about!.id, terms: terms!.id, privacy: privacy!.id, cookies: cookies!.id, draft: draft!.id },
    faqs: { shipping: shipping!.id, returns: returns!.id, hidden: hidden!.id },
    categories: {
      outdoor: outdoor!.id,
      tech: tech!.id,
      tents: tents!.id,
      backpacks: backpacks!.id,
      domeTents: domeTents!.id,
      keyboards: keyboards!.id,
    },
    featured: { first: first!.id, second: second!.id },
  };
}
