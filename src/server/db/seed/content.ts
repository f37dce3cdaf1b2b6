import { and, eq } from 'drizzle-orm';
import {
  faqs,
  faqTranslations,
  featuredCategories,
  featuredCategoryTranslations,
  localizations,
  settings,
  socialLinks,
  staticPages,
  staticPageTranslations,
} from '../schema/index';
import type { Db } from '../client';
import { categoryImageUrl } from '@/server/images/urls';
import { FAQS } from './faq-data';
import type { LanguageIds } from './i18n';
import { PAGES, type PageSeed } from './pages-data';

// A standard gtag loader with a placeholder property id: harmless, and lets the page frame
// exercise its "inject the script tags once" path.
const GOOGLE_TAG = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-DEMO000000"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', 'G-DEMO000000');</script>`;

export async function seedSettings(db: Db, homeCountryId: number | undefined): Promise<void> {
  await db.insert(settings).values({
    id: 1,
    // The name the demo shop has always shown (the app.name message): the demo stays as it was.
    shopName: 'Gear Shop',
    legalName: 'Summit & Circuit Gear Ltd',
    vatId: 'NL861234567B01',
    contactPhone: '+31 10 555 0142',
    homeCountryId: homeCountryId ?? null,
    // An EU shop in the Netherlands selling under the OSS (ADR 030): its standard rate is the Dutch 21 %.
    usesOss: true,
    requisites: 'Summit & Circuit Gear Ltd · Company no. 81234567 · VAT NL861234567B01 · IBAN NL91 ABNA 0417 1643 00',
    copyright: `© ${new Date().getUTCFullYear()} Summit & Circuit Gear Ltd. All rights reserved.`,
    supportEmail: 'support@example.com',
    isRegEnabled: true,
    minTopUpAmountCents: 1000,
    vatPercent: '21',
    googleTag: GOOGLE_TAG,
    companyAddress: '221 Harbour Road, 3011 AB Rotterdam, Netherlands',
    phonePaymentGlobal: '+1 415 555 0142',
    phonePaymentUkEu: '+44 20 7946 0321',
  });
}

/** The demo's English hero subtitle, as it has always read (the English message's own is shorter). */
export async function seedDemoHero(db: Db, lang: LanguageIds): Promise<void> {
  await db
    .update(localizations)
    .set({ value: 'Outdoor, sports, fitness and tech equipment from top brands, shipped fast, backed by experts.' })
    .where(and(eq(localizations.languageId, lang.en), eq(localizations.key, 'home.hero.subtitle')));
}

/** Static pages with their German and French texts; drafts (`published: false`) wait for an editor. */
export async function insertStaticPages(
  db: Db,
  lang: LanguageIds,
  pages: readonly PageSeed[],
  options: { published: boolean },
): Promise<void> {
  const rows = await db
    .insert(staticPages)
    .values(
      pages.map((p, i) => ({
        slug: p.slug,
        title: p.title,
        content: p.content,
        isTerms: p.isTerms ?? false,
        isPrivacy: p.isPrivacy ?? false,
        isCookie: p.isCookie ?? false,
        published: options.published,
        position: i,
      })),
    )
    .returning({ id: staticPages.id });
  await db.insert(staticPageTranslations).values(
    pages.flatMap((p, i) => [
      { pageId: rows[i]!.id, languageId: lang.de, ...p.de },
      { pageId: rows[i]!.id, languageId: lang.fr, ...p.fr },
    ]),
  );
}

export async function seedPages(db: Db, lang: LanguageIds): Promise<void> {
  await insertStaticPages(db, lang, PAGES, { published: true });

  const faqRows = await db
    .insert(faqs)
    .values(FAQS.map((f, i) => ({ title: f.title, content: f.content, isPopular: f.isPopular, position: i })))
    .returning({ id: faqs.id });
  await db.insert(faqTranslations).values(
    FAQS.flatMap((f, i) => [
      { faqId: faqRows[i]!.id, languageId: lang.de, ...f.de },
      { faqId: faqRows[i]!.id, languageId: lang.fr, ...f.fr },
    ]),
  );

  await db.insert(socialLinks).values([
    { name: 'Facebook', url: 'https://www.facebook.com/', icon: 'facebook', position: 0 },
    { name: 'Instagram', url: 'https://www.instagram.com/', icon: 'instagram', position: 1 },
    { name: 'YouTube', url: 'https://www.youtube.com/', icon: 'youtube', position: 2 },
    { name: 'X', url: 'https://x.com/', icon: 'x', position: 3 },
  ]);
}

type Tile = { slug: string; title: string; short: string; description: string };
const FEATURED: (Tile & { de: Omit<Tile, 'slug'>; fr: Omit<Tile, 'slug'> })[] = [
  {
    slug: 'outdoor-adventure',
    title: 'Outdoor Adventure',
    short: 'Outdoor',
    description: 'Tents, packs and trail gear for nights under the stars.',
    de: {
      title: 'Outdoor-Abenteuer',
      short: 'Outdoor',
      description: 'Zelte, Rucksäcke und Ausrüstung für Nächte unter freiem Himmel.',
    },
    fr: {
      title: 'Aventure en plein air',
      short: 'Plein air',
      description: 'Tentes, sacs et équipement pour les nuits à la belle étoile.',
    },
  },
  {
    slug: 'sports-equipment',
    title: 'Sports Equipment',
    short: 'Sports',
    description: 'Bikes, balls and rackets for every game.',
    de: { title: 'Sportausrüstung', short: 'Sport', description: 'Fahrräder, Bälle und Schläger für jedes Spiel.' },
    fr: {
      title: 'Équipement sportif',
      short: 'Sport',
      description: 'Vélos, ballons et raquettes pour chaque discipline.',
    },
  },
  {
    slug: 'fitness-essentials',
    title: 'Fitness Essentials',
    short: 'Fitness',
    description: 'Weights, mats and machines for training at home.',
    de: {
      title: 'Fitness-Grundausstattung',
      short: 'Fitness',
      description: 'Gewichte, Matten und Geräte für das Training zu Hause.',
    },
    fr: {
      title: 'Essentiels du fitness',
      short: 'Fitness',
      description: 'Poids, tapis et appareils pour s’entraîner à la maison.',
    },
  },
  {
    slug: 'apparel-and-footwear',
    title: 'Apparel and Footwear',
    short: 'Apparel',
    description: 'Technical clothing and shoes that keep up with you.',
    de: {
      title: 'Bekleidung und Schuhe',
      short: 'Bekleidung',
      description: 'Funktionskleidung und Schuhe, die mithalten.',
    },
    fr: {
      title: 'Vêtements et chaussures',
      short: 'Vêtements',
      description: 'Vêtements techniques et chaussures qui vous suivent.',
    },
  },
  {
    slug: 'accessories-and-tech',
    title: 'Accessories and Tech',
    short: 'Tech',
    description: 'Watches, audio and smart gadgets for active people.',
    de: { title: 'Zubehör und Technik', short: 'Technik', description: 'Uhren, Audio und smarte Gadgets für Aktive.' },
    fr: {
      title: 'Accessoires et high-tech',
      short: 'High-tech',
      description: 'Montres, audio et gadgets connectés pour les sportifs.',
    },
  },
];

export async function seedFeatured(db: Db, lang: LanguageIds): Promise<void> {
  const rows = await db
    .insert(featuredCategories)
    .values(
      FEATURED.map((f, i) => ({
        title: f.title,
        shortTitle: f.short,
        description: f.description,
        imageUrl: categoryImageUrl(f.slug),
        url: `/products/${f.slug}/all`,
        position: i + 1,
      })),
    )
    .returning({ id: featuredCategories.id });
  await db.insert(featuredCategoryTranslations).values(
    FEATURED.flatMap((f, i) =>
      (['de', 'fr'] as const).map((code) => ({
        featuredCategoryId: rows[i]!.id,
        languageId: lang[code],
        title: f[code].title,
        shortTitle: f[code].short,
        description: f[code].description,
      })),
    ),
  );
}
