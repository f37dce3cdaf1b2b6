/**
 * /api/admin/catalog-imports (ADR 026): upload a catalogue CSV (the dry run answers every problem
 * with its line), apply it in the background, poll its progress. The services hold the rules.
 */
import { csvForm } from '@/lib/contract/admin/catalog-imports';
import { idParam } from '@/lib/contract/admin/fields';
import { IMPORT_NOT_FOUND, beginApply } from '../services/catalog-io/apply.server';
import { checkImport, getImport, recentImports } from '../services/catalog-io/check.server';
import { localized } from '../services/localized';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const adminCatalogImportsApp = createAdminRouter()
  .get('/', async (c) => ok(c, await recentImports(c.var.db)))
  .post('/', validate('form', csvForm), async (c) => {
    const { file, images } = c.req.valid('form');
    let text: string;
    try {
      text = utf8.decode(await file.arrayBuffer());
    } catch {
      throw new HttpError(422, localized('admin.api.importNotUtf8'));
    }
    if (text.includes('\u0000')) throw new HttpError(422, localized('admin.api.importNotCsv'));
    const zip = images ? new Uint8Array(await images.arrayBuffer()) : undefined;
    const state = await checkImport(c.var.db, text, { fileName: file.name, createdBy: c.var.user!.id, zip });
    const message =
      state.status !== 'checked'
        ? c.var.at('admin.api.importStopped', { applied: state.applied_rows, total: state.total_rows })
        : state.error_count
          ? c.var.at('admin.api.importProblems', { count: state.error_count })
          : c.var.at('admin.api.importChecked', { count: state.total_rows });
    return ok(c, state, { status: 201, message });
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const state = await getImport(c.var.db, c.req.valid('param').id);
    if (!state) throw new HttpError(404, IMPORT_NOT_FOUND);
    return ok(c, state);
  })
  .post('/:id/apply', validate('param', idParam), async (c) => {
    const log = c.var.log;
    const { state, done } = await beginApply(c.var.db, c.req.valid('param').id, { editor: c.var.user! });
    done.catch((error: unknown) => log.error({ err: error, importId: state.id }, 'catalogue import failed'));
    return ok(c, state, { status: 202, message: c.var.at('admin.api.importRunning') });
  });
