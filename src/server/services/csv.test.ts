import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvRow, parseCsv, unneutralized } from './csv';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, CRLF, a BOM and cells over several lines, with each record\'s first line', () => {
    const text = '\uFEFFsku,name,description\r\nA-1,"Tent, 2P","He said ""dry""."\r\n\r\nB-2,Lamp,"one\ntwo\nthree"\nC-3,Mat,\n';
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

  it('round-trips what csvRow writes, formulas included', () => {
    const cells = ['=SUM(A1)', '-5 °C', 'a "quoted", cell', 'two\r\nlines', "'kept", ''];
    const [record] = parseCsv(csvRow(cells));
    expect(record!.cells.map(unneutralized)).toEqual(cells);
  });
});
