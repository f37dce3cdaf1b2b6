/**
 * GET /admin/products/export.csv (permission `catalog`, ADR 026): the whole catalogue in the import's
 * format (docs/catalog-csv.md), streamed in keyset batches; importing it changes nothing.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/server/runtime';
import { exportCatalogCsv } from '@/server/services/catalog-io/export.server';

export const GET: APIRoute = async () => {
  const encoder = new TextEncoder();
  const chunks = exportCatalogCsv(await getDb());
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="catalogue-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
};
