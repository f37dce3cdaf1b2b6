/**
 * The catalogue CSV import (ADR 026, docs/catalog-csv.md): upload (the dry run), apply in the
 * background, progress. Routes of /api/admin/catalog-imports.
 */
import { z } from 'zod';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idParam } from './fields';

const MISSING = 'Choose a CSV file (form field "file").';
/** Under the API's 16 MB upload limit (src/server/page-requests.mjs) with room for the form's framing. */
export const CSV_MAX_BYTES = 15 * 1024 * 1024;
export const csvForm = z.object({
  file: z
    .file({ error: MISSING })
    .min(1, 'The file is empty.')
    .max(
      CSV_MAX_BYTES,
      `The file may have at most ${Math.floor(CSV_MAX_BYTES / 1024 / 1024)} MB here; import larger ones with npm run catalog:import.`,
    )
    .describe('The catalogue CSV, UTF-8'),
  images: z
    .file({ error: 'The images must be one .zip file (form field "images").' })
    .max(
      CSV_MAX_BYTES,
      'The CSV and the images zip may have at most 15 MB together here; import larger ones with npm run catalog:import -- file.csv --zip images.zip.',
    )
    .optional()
    .describe('Optional: a zip of the images the CSV names by file name'),
});

export const importStateSchema = z.object({
  id,
  file_name: z.string(),
  status: z.enum(['checked', 'applying', 'done', 'failed']),
  total_rows: z.number().int(),
  applied_rows: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
  summary: z.record(z.string(), z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tag = 'Admin: catalogue import';
const answer = okBody(importStateSchema);

export const adminCatalogImportRoutes = {
  list: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/catalog-imports',
    tag,
    summary: 'The latest imports',
    response: okBody(z.array(importStateSchema)),
  }),
  check: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/catalog-imports',
    tag,
    summary: 'Upload a catalogue CSV: the dry run, every problem with its line (nothing imported yet)',
    description: 'The same file while an earlier apply of it is unfinished answers that import, to resume.',
    consumes: 'multipart',
    body: csvForm,
    response: answer,
    status: 201,
  }),
  get: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/catalog-imports/:id',
    tag,
    summary: 'An import and its progress',
    params: idParam,
    response: answer,
  }),
  apply: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/catalog-imports/:id/apply',
    tag,
    summary: 'Apply a checked import in the background (or resume it)',
    params: idParam,
    response: answer,
    status: 202,
  }),
} as const;
