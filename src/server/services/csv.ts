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
 * Reading stays the hand-written parser below: csv-parse cannot keep its behaviour (the first line
 * of an unclosed quote, a `27"` inside an unquoted cell read as it is, text after a closing quote
 * refused); ADR 026.
 */
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
  return stringify([cells.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : neutralized(cell)))], {
    record_delimiter: '\r\n',
    quoted_match: NEEDS_QUOTES,
  });
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

/**
 * Every record of `text` with the line it starts on; a quoted cell may span lines (and those lines
 * count). Blank lines are skipped. Throws CsvSyntaxError for an unclosed quote or text after a
 * closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          wasQuoted = true;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (ch === '"' && cell === '' && !wasQuoted) quoted = true;
    else if (wasQuoted) throw new CsvSyntaxError(line, 'text after a closing quote; quote the whole cell.');
    else cell += ch;
  }
  if (quoted) throw new CsvSyntaxError(start, 'a quoted cell is not closed.');
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
