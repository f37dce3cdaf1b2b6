/**
 * CSV as the back office writes and reads it (RFC 4180: comma, double quotes, CRLF; UTF-8 with or
 * without a byte-order mark). Cells that a spreadsheet would run as a formula (= + - @ first) are
 * written with a leading apostrophe, and the catalogue import takes exactly that apostrophe off
 * again, so exported files open safely and still round-trip. Pure.
 */

const FORMULA = /^[=+\-@\t\r]/;

/** A CSV cell: quoted when needed, and a leading = + - @ (a spreadsheet formula) neutralised. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The value csvCell neutralised: "'=1" → "=1"; anything else as it is. */
export function unneutralized(text: string): string {
  return text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text;
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
