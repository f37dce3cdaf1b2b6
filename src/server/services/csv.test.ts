import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CsvSyntaxError, csvCell, csvRow, neutralized, parseCsv, unneutralized } from './csv';

describe('parseCsv', () => {
  it("reads quotes, doubled quotes, CRLF, a BOM and cells over several lines, with each record's first line", () => {
    const text =
      '\uFEFFsku,name,description\r\nA-1,"Tent, 2P","He said ""dry""."\r\n\r\nB-2,Lamp,"one\ntwo\nthree"\nC-3,Mat,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['sku', 'name', 'description'] },
      { line: 2, cells: ['A-1', 'Tent, 2P', 'He said "dry".'] },
      { line: 4, cells: ['B-2', 'Lamp', 'one\ntwo\nthree'] },
      { line: 7, cells: ['C-3', 'Mat', ''] },
    ]);
  });

  it('names the line of an unclosed quote or text after one', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(new CsvSyntaxError(2, 'a quoted cell is not closed.'));
    expect(() => parseCsv('a,b\n1,"x"y')).toThrow('Line 2: text after a closing quote; quote the whole cell.');
  });

  it('counts CRLF, LF and CR line ends alike, inside quoted cells and across blank lines', () => {
    const text = 'a,b\r\n1,"x\r\n\r\ny"\r\n\r\n2,3\r4,5\n\n\n6,"p\nq"\r\n7,8';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\r\n\r\ny'] },
      { line: 6, cells: ['2', '3'] },
      { line: 7, cells: ['4', '5'] },
      { line: 10, cells: ['6', 'p\nq'] },
      { line: 12, cells: ['7', '8'] },
    ]);
    expect(() => parseCsv('a,b\r\n1,"x\r\ny"\r\n\r\n2,"open\r\n3,4')).toThrow(
      new CsvSyntaxError(5, 'a quoted cell is not closed.'),
    );
  });

  it('skips a line holding only "" as blank, keeps a line of spaces, and refuses a quote inside an unquoted cell (RFC 4180)', () => {
    expect(parseCsv('a\n""\n \n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: [' '] },
    ]);
    expect(() => parseCsv('sku,name\nM-1,Monitor 27"')).toThrow(
      new CsvSyntaxError(
        2,
        'a quote inside a cell that does not start with one; quote the whole cell and write the quote twice.',
      ),
    );
    expect(parseCsv('sku,name\nM-1,"Monitor 27"""')[1]!.cells).toEqual(['M-1', 'Monitor 27"']);
  });

  it('round-trips what csvRow writes, formulas included', () => {
    const cells = [
      '=SUM(A1)',
      '-5 °C',
      'a "quoted", cell',
      'two\r\nlines',
      "'kept",
      '',
      'Sam;=1+2',
      'Rivers\t=3+4',
      "'=1",
      "a,''-b",
      '\t\t=1',
      'x;"=2',
      'line\n@3',
    ];
    const [record] = parseCsv(csvRow(cells));
    expect(record!.cells.map(unneutralized)).toEqual(cells);
  });
});

describe('csvRow against spreadsheet dialects (issue 27)', () => {
  it('quotes every cell with a comma, semicolon, tab, quote or line break', () => {
    expect(['a,b', 'a;b', 'a\tb', 'a"b', 'a\nb', 'a\rb'].map(csvCell)).toEqual([
      '"a,b"',
      '"a;b"',
      '"a\tb"',
      '"a""b"',
      '"a\nb"',
      '"a\rb"',
    ]);
    expect(csvCell('plain text')).toBe('plain text');
  });

  it('neutralises a formula start at the start of the cell and after each separator or line break', () => {
    expect(neutralized('Sam;=1+2')).toBe("Sam;'=1+2");
    expect(neutralized('Rivers\t=3+4')).toBe("Rivers\t'=3+4");
    expect(neutralized('\t\t=1')).toBe("'\t'\t'=1");
    expect(neutralized('a, -1;"@x\n+2\r=3')).toBe("a,' -1;'\"@x\n'+2\r'=3");
    expect(neutralized('e-mail a-b 2+2=4')).toBe('e-mail a-b 2+2=4');
    expect(csvCell(-5)).toBe('-5');
  });

  for (const delimiter of [',', ';', '\t']) {
    it(`leaves no cell starting a formula when read with ${JSON.stringify(delimiter)} as the separator`, () => {
      const text = csvRow(['1', 'Sam;=1+2', 'Rivers\t=3+4', '=HYPERLINK("http://x")', 'a,@b', 'x\n-2', '\t=3']);
      const records = parse(text, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][];
      const cells = records.flat();
      expect(cells.length).toBeGreaterThan(1);
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    });
  }
});
