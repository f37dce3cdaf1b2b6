/**
 * CSV as the back office writes and reads it (RFC 4180: comma, double quotes, CRLF; UTF-8 with or
 * without a byte-order mark). One module for both directions.
 *
 * Writing (csv-stringify): a spreadsheet may open the file with another separator than the comma
 * (Excel in German and French splits on `;`, others on tab), and then quotes written for the comma
 * no longer protect anything. So every cell holding a separator of any of these dialects (`,` `;`
 * tab) or a line break is quoted, and a formula start (`=` `+` `-` `@` tab CR, after any quotes or
 * spaces) is neutralised with an apostrophe wherever a cell could begin in any dialect: at the
 * start of the cell and right after each `,` `;` tab or line break in it. An apostrophe already
 * standing there gets one more, so reading takes exactly one off and every text round-trips.
 *
 * Reading (csv-parse): strict RFC 4180, with each record's first line for the import's messages
 * (ADR 031).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** Where a cell may begin in any common dialect, before a formula start behind any quotes, spaces or apostrophes. */
const NEUTRALISE = /(?<=^|[,;\t\r\n])(?='*[" ]*[=+\-@\t\r])/g;
/** The apostrophe NEUTRALISE put there. */
const NEUTRALISED = /(?<=^|[,;\t\r\n])'(?='*[" ]*[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text with an apostrophe wherever a spreadsheet of any dialect would start a formula. */
export function neutralized(text: string): string {
  return text.replace(NEUTRALISE, "'");
}

/** What neutralized() wrote, as it was: "'=1" → "=1", "a;'=1" → "a;=1", "''=1" → "'=1". */
export function unneutralized(text: string): string {
  return text.replace(NEUTRALISED, '');
}

/** One CSV record (CRLF-terminated); numbers are written as they are, text neutralised. */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return stringify(
    [cells.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : neutralized(cell)))],
    {
      record_delimiter: '\r\n',
      quoted_match: NEEDS_QUOTES,
    },
  );
}

/** One cell as csvRow writes it. */
export function csvCell(value: string | number | null): string {
  return csvRow([value]).slice(0, -2);
}

export interface CsvRecord {
  /** The physical line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

/** csv-parse's codes for a file that is not RFC 4180, in the words the import shows. */
const SYNTAX_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed.',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote; quote the whole cell.',
  INVALID_OPENING_QUOTE:
    'a quote inside a cell that does not start with one; quote the whole cell and write the quote twice.',
};

const CR = 0x0d;
const LF = 0x0a;

/**
 * Counts line breaks (CRLF, LF or a lone CR) in bytes, as the person who opens the file sees them.
 * csv-parse's own `info.lines` counts a CRLF inside a quoted cell twice, so lines are counted here
 * from the byte offsets it reports.
 */
class LineCounter {
  line = 1;
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** Skips the blank lines after the last record and answers the line the next one starts on. */
  startOfNext(): number {
    while (this.at < this.bytes.length && (this.bytes[this.at] === CR || this.bytes[this.at] === LF)) this.step();
    return this.line;
  }

  /** Moves to the byte offset where a record ended (after its line break). */
  moveTo(offset: number): void {
    while (this.at < offset) this.step();
  }

  private step(): void {
    const byte = this.bytes[this.at++];
    if (byte === LF || (byte === CR && this.bytes[this.at] !== LF)) this.line++;
  }
}

/**
 * Every record of `text` with the line it starts on (csv-parse, RFC 4180 strictly; lines end in
 * CRLF, LF or CR, mixed too); a quoted cell may span lines, and those lines count. Blank lines are
 * skipped. Throws CsvSyntaxError, with the first line of the record, for an unclosed quote, text
 * after a closing quote or a quote inside an unquoted cell.
 */
export function parseCsv(text: string): CsvRecord[] {
  const bytes = Buffer.from(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 'utf8');
  const lines = new LineCounter(bytes);
  const records: CsvRecord[] = [];
  try {
    parse(bytes, {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        const line = lines.startOfNext();
        lines.moveTo(context.bytes_records);
        // A lone "" is a blank line too.
        if (!(record.length === 1 && record[0] === '')) records.push({ line, cells: record });
        return null;
      },
    });
  } catch (error) {
    const message = error instanceof CsvError ? SYNTAX_MESSAGES[error.code] : undefined;
    if (message) throw new CsvSyntaxError(lines.startOfNext(), message);
    throw error;
  }
  return records;
}
