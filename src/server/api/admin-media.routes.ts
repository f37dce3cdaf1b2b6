/** /api/admin/media: photo uploads and the media library (ADR 026). */
import { altBody, libraryQuery, listQuery, type MediaAssetJson, uploadForm } from '@/lib/contract/admin/media';
import { idParam } from '@/lib/contract/admin/fields';
import { deleteAsset, listLibrary, setAssetAlt } from '../media/library.server';
import { type MediaAsset, listAssets, storeUpload } from '../media/assets.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';

const PAGE_SIZE = 30;

function assetJson(asset: MediaAsset): MediaAssetJson {
  return {
    id: asset.id,
    hash: asset.hash,
    url: asset.url,
    mime: asset.mime,
    width: asset.width,
    height: asset.height,
    bytes: asset.bytes,
    original_name: asset.originalName,
    created_at: asset.createdAt.toISOString(),
  };
}

export const adminMediaApp = createAdminRouter()
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const page = await listAssets(c.var.db, { limit: query.limit ?? PAGE_SIZE, before: query.before });
    return ok(c, { assets: page.assets.map(assetJson), next: page.next });
  })
  .post('/', validate('form', uploadForm), async (c) => {
    const { file } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const asset = await storeUpload(c.var.db, bytes, { originalName: file.name, createdBy: c.var.user!.id });
    return ok(c, assetJson(asset));
  })
  .get('/library', validate('query', libraryQuery), async (c) => {
    const query = c.req.valid('query');
    return ok(c, await listLibrary(c.var.db, { q: query.q, before: query.before, limit: PAGE_SIZE }));
  })
  .put('/:id/alt', validate('param', idParam), validate('json', altBody), async (c) =>
    ok(c, await setAssetAlt(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json').alt), {
      message: c.var.at('admin.api.altsSaved'),
    }),
  )
  .delete('/:id', validate('param', idParam), async (c) => {
    await deleteAsset(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, null, { message: c.var.at('admin.api.photoDeleted') });
  });
