/**
 * The demo shop's real photos (issue 16): a handful of raster "studio shots" rendered at seed
 * time (a product's pictogram on a lit backdrop, 1600×1200 JPEG) and stored through the upload
 * pipeline (media/assets.server.ts), so every demo shop and every test database built from the
 * demo seed has products whose images go through sniffing, stripping, variants and srcsets. The
 * other products keep their generated SVG drawings.
 */
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { pictogramFor } from '@/server/images/pictograms';
import { hueFor, pictogram } from '@/server/images/svg';
import { storeUpload } from '@/server/media/assets.server';
import { thumbnailUrl } from '@/lib/images/responsive';
import type { Db } from '../client';
import { productImages } from '../schema/index';
import type { SeededProduct } from './catalog';

const WIDTH = 1600;
const HEIGHT = 1200;

/** The views of a product, with their alternative text per language. */
const VIEWS = [
  { en: 'front view', de: 'Vorderansicht', fr: 'vue de face' },
  { en: 'side view', de: 'Seitenansicht', fr: 'vue de côté' },
] as const;

/** How many products of each area get photos, and how many photos the first one gets. */
const AREAS_WITH_PHOTOS = 5;

function studioShot(product: SeededProduct, view: number): string {
  const { draft } = product;
  const hue = hueFor(`${product.id}:${draft.name}`);
  const icon = pictogramFor(draft.ref.leaf.slug, draft.ref.mid?.slug, draft.name);
  const size = view === 0 ? 760 : 860;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs>',
    `<radialGradient id="wall" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="hsl(${hue} 30% 96%)"/><stop offset="1" stop-color="hsl(${hue} 25% 78%)"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 20% 80%)"/><stop offset="1" stop-color="hsl(${hue} 25% 64%)"/></linearGradient>`,
    '<filter id="blur"><feGaussianBlur stdDeviation="28"/></filter>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>`,
    `<rect y="${HEIGHT * 0.72}" width="${WIDTH}" height="${HEIGHT * 0.28}" fill="url(#floor)"/>`,
    `<ellipse cx="${WIDTH / 2}" cy="${HEIGHT * 0.8}" rx="${size * 0.42}" ry="60" fill="#000" opacity="0.25" filter="url(#blur)"/>`,
    pictogram(icon, WIDTH / 2, HEIGHT * 0.46, size, `hsl(${hue} 60% 32%)`, view === 0 ? 10 : 8, view === 0 ? 0 : -12),
    '</svg>',
  ].join('');
}

/** The first product of the first few areas: found on the home page, in lists and on their pages. */
function photographed(products: SeededProduct[]): SeededProduct[] {
  const seen = new Set<string>();
  const chosen: SeededProduct[] = [];
  for (const product of products) {
    const area = product.draft.ref.area.slug;
    if (seen.has(area)) continue;
    seen.add(area);
    chosen.push(product);
    if (chosen.length === AREAS_WITH_PHOTOS) break;
  }
  return chosen;
}

/** Replaces the drawings of a handful of products with photos; returns the ids of those products. */
export async function seedPhotos(db: Db, products: SeededProduct[]): Promise<number[]> {
  const chosen = photographed(products);
  const rows: (typeof productImages.$inferInsert)[] = [];
  for (const [index, product] of chosen.entries()) {
    const views = index === 0 ? VIEWS.length : 1;
    for (let view = 0; view < views; view++) {
      const jpeg = await sharp(Buffer.from(studioShot(product, view)))
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
      const asset = await storeUpload(db, new Uint8Array(jpeg), {
        originalName: `${product.draft.slug}-${view + 1}.jpg`,
      });
      const { draft } = product;
      const text = VIEWS[view]!;
      rows.push({
        productId: product.id,
        position: view,
        url: asset.url,
        assetId: asset.id,
        alt: {
          en: `${draft.name}, ${text.en}`,
          de: `${draft.tr.de.name}, ${text.de}`,
          fr: `${draft.tr.fr.name}, ${text.fr}`,
        },
      });
      // Order lines of the demo orders show it as a thumbnail, as cart lines do.
      if (view === 0) product.imageUrl = thumbnailUrl(asset.url);
    }
  }
  const ids = chosen.map((p) => p.id);
  await db.delete(productImages).where(inArray(productImages.productId, ids));
  await db.insert(productImages).values(rows);
  return ids;
}
