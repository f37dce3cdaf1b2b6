/**
 * GET /admin/orders/export.csv (permission `orders`, ADR 023): the filtered order list as CSV,
 * streamed in keyset batches (never the whole table in memory). X-Total-Count comes first, so the
 * page can show progress.
 */
import type { APIRoute } from 'astro';
import { requireStaff } from '@/features/admin/guard.server';
import { getDb } from '@/server/runtime';
import { csvRow, parseOrderListQuery } from '@/server/services/back-office/orders-list';
import { allOrders, countOrders, CSV_HEADER, csvCells } from '@/server/services/back-office/orders-list.server';
import { TOTAL_HEADER } from '@/features/admin/orders-export';

export const GET: APIRoute = async (context) => {
  const user = await requireStaff(context);
  if (user instanceof Response) return user;
  const url = context.url;
  const db = await getDb();
  const query = parseOrderListQuery(url.searchParams);
  const total = await countOrders(db, query);
  const encoder = new TextEncoder();
  const batches = allOrders(db, query);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvRow(csvCells(row))).join('')));
    },
    async cancel() {
      await batches.return(undefined);
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
