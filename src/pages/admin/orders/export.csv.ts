/**
 * GET /admin/orders/export.csv (permission `orders`, ADR 023): the filtered order list as CSV,
 * streamed in keyset batches (never the whole table in memory). X-Total-Count comes first, so the
 * page can show progress.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/server/runtime';
import { parseOrderListQuery } from '@/server/services/admin/orders/orders-list';
import { countOrders, ordersCsv } from '@/server/services/admin/orders/orders-list.server';
import { TOTAL_HEADER } from '@/features/admin/orders-export';

export const GET: APIRoute = async (context) => {
  const url = context.url;
  const db = await getDb();
  const query = parseOrderListQuery(url.searchParams);
  const total = await countOrders(db, query);
  const encoder = new TextEncoder();
  const chunks = ordersCsv(db, query);
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
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
      [TOTAL_HEADER]: String(total),
    },
  });
};
