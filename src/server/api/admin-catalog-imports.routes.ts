/**
 * /api/admin/catalog-imports (ADR 026): upload a catalogue CSV (the dry run answers every problem
 * with its line), apply it in the background, poll its progress. The services hold the rules.
 */
import { csvForm } from '@/lib/contract/admin/catalog-imports';
import { idParam } from '@/lib/contract/admin/fields';
import { IMPORT_NOT_FOUND, beginApply } from '../services/catalog-io/apply.server';
import { checkImport, getImport, recentImports } from '../services/catalog-io/check.server';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const adminCatalogImportsApp = createRouter()
  .get('/', async (c) => ok(c, await recentImports(c.var.db)))
  .post('/', validate('form', csvForm), async (c) => {
    const { file, images } = c.req.valid('form');
    let text: string;
    try {
      text = utf8.decode(await file.arrayBuffer());
    } catch {
      throw new HttpError(422, 'The file is not UTF-8 text: save the CSV as UTF-8 and upload it again.');
    }
    if (text.includes('\u0000')) throw new HttpError(422, 'The file is not a CSV text file.');
    const zip = images ? new Uint8Array(await images.arrayBuffer()) : undefined;
    const state = await checkImport(c.var.db, text, { fileName: file.name, createdBy: c.var.user!.id, zip });
    const message = state.status !== 'checked' ? `This file's import stopped after ${state.applied_rows} of ${state.total_rows} rows: apply it to continue.` : state.error_count ? `${state.error_count} ${state.error_count === 1 ? 'problem' : 'problems'}: nothing was imported.` : `${state.total_rows} rows checked, no problems.`;
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
    return ok(c, state, { status: 202, message: 'The import is running.' });
  });
