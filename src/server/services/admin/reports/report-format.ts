/**
 * A report's cells written out: on screen in the admin's language (money by lib/money.ts in EUR,
 * the shop's base currency; counts with the language's grouping), and in the CSV as plain values
 * a spreadsheet reads in any language (amounts as decimal numbers with a point, never text, so a
 * minus sign is a number and not a formula; text through the CSV module's formula guard).
 */
import { centsToNumber, formatCents, formatNumber, formatPercent } from '@/lib/money';
import type { Translator } from '@/lib/translator';
import { csvRow } from '@/server/services/csv';
import type { Cell, ReportColumn, ReportTable } from './report-query';

export const REPORT_CURRENCY = 'EUR';

/** A column's heading in the admin's language. */
export function columnHeading(at: Translator, column: ReportColumn): string {
  return at(`admin.reports.column.${column.key}`);
}

/** One cell as the page shows it. */
export function cellText(column: ReportColumn, cell: Cell, locale: string, at: Translator): string {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    if (column.key === 'scheme') return at(`admin.reports.scheme.${cell}`);
    return cell;
  }
  switch (column.kind) {
    case 'money':
      return formatCents(cell, REPORT_CURRENCY, locale);
    case 'percent':
      return formatPercent(cell, locale);
    default:
      return formatNumber(cell, locale);
  }
}

function csvValue(column: ReportColumn, cell: Cell): Cell {
  if (typeof cell !== 'number') return cell;
  return column.kind === 'money' ? centsToNumber(cell, REPORT_CURRENCY) : cell;
}

/**
 * The CSV of a table, record by record (the header first, the totals last): the export route
 * streams these, and the page's progress counts them against the row count it sends first.
 */
export function* reportCsv(table: ReportTable, at: Translator): Generator<string> {
  yield csvRow(table.columns.map((c) => columnHeading(at, c)));
  for (const row of table.rows) yield csvRow(row.map((cell, i) => csvValue(table.columns[i]!, cell)));
  if (table.totals)
    yield csvRow(
      table.totals.map((cell, i) =>
        i === 0 && cell === null ? at('admin.reports.total') : csvValue(table.columns[i]!, cell),
      ),
    );
}

/** How many records reportCsv writes after its header. */
export function reportCsvCount(table: ReportTable): number {
  return table.rows.length + (table.totals ? 1 : 0);
}
