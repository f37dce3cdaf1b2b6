/**
 * GET /admin/reports/export.csv (permission `orders`, issue 32): the report the page shows, as CSV
 * in the admin's language's headings, streamed record by record. X-Total-Count (the records after
 * the header) comes first, so the page can show progress.
 */
import type { APIRoute } from 'astro';
import { adminPage } from '@/features/admin/admin-page.server';
import { TOTAL_HEADER } from '@/features/admin/orders-export';
import { parseReportQuery } from '@/server/services/admin/reports/report-query';
import { reportCsv, reportCsvCount } from '@/server/services/admin/reports/report-format';
import { readReport } from '@/server/services/admin/reports/reports.server';

export const GET: APIRoute = async (context) => {
  const { at, db } = adminPage(context);
  const query = parseReportQuery(context.url.searchParams);
  const table = await readReport(db, query);
  const encoder = new TextEncoder();
  const records = reportCsv(table, at);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      // A few hundred records per chunk: the progress moves, and a long report is not one write per line.
      let chunk = '';
      for (let i = 0; i < 500; i++) {
        const next = records.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${query.report}-${query.from}-${query.to}.csv"`,
      'Cache-Control': 'no-store',
      [TOTAL_HEADER]: String(reportCsvCount(table)),
    },
  });
};
