/**
 * A product's images in the staff editor (ADR 026): the whole list in its order, each an uploaded
 * photo (media asset) or a URL, with its alternative text per language. The default language's
 * text is required: a photo without one is invisible to a screen reader and to search engines.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mediaAssets, productImages } from '@/server/db/schema/index';
import type { AdminProduct, ProductImagesInput } from '@/lib/contract/admin/products';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, recordChange } from '../audit';
import { adminLanguages } from '../languages';
import { assetUrl } from '@/server/media/asset-url';
import { getAdminProduct } from './product-editor.server';
import { bumpVersion, lockProductVersion } from './product-lock.server';

export const ALT_REQUIRED = (language: string) => localized('admin.api.imageAltRequired', { language });
const ONE_SOURCE = localized('admin.api.imageOneSource');
const UNKNOWN_ASSET = localized('admin.api.imageUnknownAsset');

export async function setProductImages(
  db: Db,
  editor: Editor,
  productId: number,
  input: ProductImagesInput,
): Promise<AdminProduct> {
  const languages = await adminLanguages(db);
  const codes = new Set(languages.all.map((l) => l.code));
  for (const image of input.images) {
    if ((image.asset_id == null) === (image.url === undefined))
      throw new InvalidInputError(ONE_SOURCE, { images: [ONE_SOURCE] });
    const unknown = Object.keys(image.alt).find((code) => !codes.has(code));
    if (unknown)
      throw new InvalidInputError(localized('admin.api.unknownLanguageCode', { code: unknown }), {
        images: [localized('admin.api.unknownLanguageCode', { code: unknown })],
      });
    if (!image.alt[languages.default.code]) {
      const message = ALT_REQUIRED(languages.default.title);
      throw new InvalidInputError(message, { images: [message] });
    }
  }
  await transaction(db, async (tx) => {
    const product = await lockProductVersion(tx, productId, input.version);
    const assetIds = input.images.flatMap((i) => (i.asset_id == null ? [] : [i.asset_id]));
    const assets = assetIds.length ? await tx.select().from(mediaAssets).where(inArray(mediaAssets.id, assetIds)) : [];
    const byId = new Map(assets.map((a) => [a.id, a]));
    if (assetIds.some((id) => !byId.has(id))) throw new InvalidInputError(UNKNOWN_ASSET, { images: [UNKNOWN_ASSET] });
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    if (input.images.length) {
      await tx.insert(productImages).values(
        input.images.map((image, position) => {
          const asset = image.asset_id == null ? null : byId.get(image.asset_id)!;
          // Empty texts are "not translated": the storefront falls back to the default language.
          const alt = Object.fromEntries(Object.entries(image.alt).filter(([, text]) => text !== ''));
          return { productId, position, assetId: asset?.id ?? null, url: asset ? assetUrl(asset) : image.url!, alt };
        }),
      );
    }
    await bumpVersion(tx, productId);
    await recordChange(tx, editor, 'product', productId, 'images', `${product.sku}: ${input.images.length} images`);
  });
  contentChanged(db, { products: [productId] });
  return (await getAdminProduct(db, productId))!;
}
