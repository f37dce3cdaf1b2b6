/**
 * The demo shop's landing page built from blocks (issue 17, ADR 027): "Summer sale", published and
 * linked in the footer after the other pages, with a hero photo stored through the upload pipeline
 * (a rendered banner, as the product photos in photos.ts), rich text with a link, a live grid of 8
 * products from the sale, an FAQ block with three seeded questions and a call to action; German and
 * French texts for every block. Seeded after the catalogue (the grid is live, the FAQs exist). It is
 * also the page type "landing" of `npm run bench:pages`.
 */
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { type Block, blocksSchema } from '@/lib/contract/blocks';
import { storeUpload } from '@/server/media/assets.server';
import type { Db } from '../client';
import { faqs, mediaAssets, staticPages, staticPageTranslations } from '../schema/index';
import type { LanguageIds } from './i18n';

export const LANDING_SLUG = 'summer-sale';

const WIDTH = 1600;
const HEIGHT = 800;

/** A summer evening over hills: drawn, then stored as any uploaded photo (variants, srcsets). */
function banner(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6b26b"/><stop offset="0.6" stop-color="#fbe3b4"/><stop offset="1" stop-color="#fff4dc"/></linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    '<circle cx="1180" cy="300" r="120" fill="#fff1c1"/>',
    '<path d="M0 560 L260 380 L470 520 L760 300 L1040 520 L1290 400 L1600 560 L1600 800 L0 800 Z" fill="#7a9a6b"/>',
    '<path d="M0 660 L320 540 L640 640 L980 520 L1300 640 L1600 580 L1600 800 L0 800 Z" fill="#4f7352"/>',
    '<path d="M700 700 L780 600 L860 700 Z" fill="#e4572e"/><path d="M780 600 L780 700" stroke="#8c2d14" stroke-width="6"/>',
    '</svg>',
  ].join('');
}

const ALT = {
  en: 'A tent on green hills under a summer evening sun',
  de: 'Ein Zelt auf grünen Hügeln in der Abendsonne',
  fr: 'Une tente sur des collines vertes au soleil du soir',
};

function landingBlocks(assetId: number, faqIds: number[]): Block[] {
  return blocksSchema.parse([
    {
      id: 'hero',
      v: 1,
      type: 'hero',
      heading: 'Summer sale',
      text: 'Up to 40 % off tents, packs and trail gear while the days are long.',
      image: { asset_id: assetId },
      button: { label: 'Shop the sale', href: '/products/all/all?sale=true' },
    },
    {
      id: 'intro',
      v: 1,
      type: 'rich_text',
      html: '<p>Every sale item ships from our warehouse within one working day. Changed your mind? Our <a href="/static-page/returns">30-day returns</a> cover sale items too.</p>',
    },
    { id: 'grid', v: 1, type: 'product_grid', heading: 'On sale now', source: { kind: 'sale' }, count: 8 },
    { id: 'faq', v: 1, type: 'faq', heading: 'Questions before you buy', faq_ids: faqIds },
    {
      id: 'cta',
      v: 1,
      type: 'cta',
      heading: 'New gear every week',
      text: 'See what arrived since your last trip.',
      button: { label: 'See the new arrivals', href: '/products/all/all?new=true' },
    },
  ]);
}

const TEXTS = {
  de: {
    title: 'Sommerschlussverkauf',
    blocks: {
      hero: {
        heading: 'Sommerschlussverkauf',
        text: 'Bis zu 40 % auf Zelte, Rucksäcke und Trail-Ausrüstung, solange die Tage lang sind.',
        'button.label': 'Zum Sale',
      },
      intro: {
        html: '<p>Jeder reduzierte Artikel verlässt unser Lager innerhalb eines Werktages. Doch nicht das Richtige? Unsere <a href="/static-page/returns">30-Tage-Rückgabe</a> gilt auch im Sale.</p>',
      },
      grid: { heading: 'Jetzt reduziert' },
      faq: { heading: 'Fragen vor dem Kauf' },
      cta: {
        heading: 'Jede Woche neue Ausrüstung',
        text: 'Sieh dir an, was seit deiner letzten Tour angekommen ist.',
        'button.label': 'Neuheiten ansehen',
      },
    },
  },
  fr: {
    title: "Soldes d'été",
    blocks: {
      hero: {
        heading: "Soldes d'été",
        text: "Jusqu'à 40 % sur les tentes, sacs et équipements de randonnée tant que les jours sont longs.",
        'button.label': 'Voir les soldes',
      },
      intro: {
        html: '<p>Chaque article soldé quitte notre entrepôt sous un jour ouvré. Vous changez d\'avis ? Notre <a href="/static-page/returns">retour sous 30 jours</a> vaut aussi pour les soldes.</p>',
      },
      grid: { heading: 'En solde maintenant' },
      faq: { heading: 'Questions avant achat' },
      cta: {
        heading: 'Du nouveau chaque semaine',
        text: 'Découvrez ce qui est arrivé depuis votre dernière sortie.',
        'button.label': 'Voir les nouveautés',
      },
    },
  },
} as const;

/** Writes the landing page; returns its id. */
export async function seedLandingPage(db: Db, lang: LanguageIds): Promise<number> {
  const jpeg = await sharp(Buffer.from(banner())).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const asset = await storeUpload(db, new Uint8Array(jpeg), { originalName: 'summer-sale-hero.jpg' });
  await db.update(mediaAssets).set({ alt: ALT }).where(eq(mediaAssets.id, asset.id));
  const faqIds = (
    await db
      .select({ id: faqs.id })
      .from(faqs)
      .where(eq(faqs.published, true))
      .orderBy(asc(faqs.position), asc(faqs.id))
      .limit(3)
  ).map((f) => f.id);
  // After the other pages in the footer.
  const [pages] = await db.select({ n: count() }).from(staticPages);
  const [page] = await db
    .insert(staticPages)
    .values({
      slug: LANDING_SLUG,
      title: 'Summer sale',
      // Read only if the page is switched back to HTML.
      content: '<p>Up to 40 % off tents, packs and trail gear.</p>',
      layout: 'blocks',
      blocks: landingBlocks(asset.id, faqIds),
      position: pages?.n ?? 0,
      seo: {
        og_asset_id: asset.id,
        texts: {
          en: {
            description: 'Summer sale: up to 40 % off tents, packs and trail gear, shipped within one working day.',
          },
          de: {
            description:
              'Sommerschlussverkauf: bis zu 40 % auf Zelte, Rucksäcke und Trail-Ausrüstung, versandt innerhalb eines Werktages.',
          },
          fr: {
            description:
              "Soldes d'été : jusqu'à 40 % sur les tentes, sacs et équipements de randonnée, expédiés sous un jour ouvré.",
          },
        },
      },
    })
    .returning({ id: staticPages.id });
  await db.insert(staticPageTranslations).values([
    { pageId: page!.id, languageId: lang.de, title: TEXTS.de.title, content: '', blockTexts: TEXTS.de.blocks },
    { pageId: page!.id, languageId: lang.fr, title: TEXTS.fr.title, content: '', blockTexts: TEXTS.fr.blocks },
  ]);
  return page!.id;
}
