import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '@/server/services/csv';
import { decodeCursor, encodeCursor, orderListSearch, parseOrderListQuery, searchKind } from './orders-list';

const parse = (text: string) => parseOrderListQuery(new URLSearchParams(text));

describe('the order list query', () => {
  it('reads every filter and keeps unreadable values out', () => {
    expect(
      parse('q=%20anna%20&status=Shipped&method=phone&country=7&from=2026-11-01&to=2026-11-24&sort=total_desc'),
    ).toEqual({
      q: 'anna',
      status: 'Shipped',
      method: 'phone',
      countryId: 7,
      from: '2026-11-01',
      to: '2026-11-24',
      sort: 'total_desc',
      after: null,
      before: null,
    });
    expect(parse('status=shipped&method=cash&country=-1&from=2026-02-30&to=yesterday&sort=random')).toMatchObject({
      status: null,
      method: null,
      countryId: null,
      from: null,
      to: null,
      sort: 'newest',
    });
  });

  it('takes one cursor, `after` before `before`, and refuses malformed ones', () => {
    expect(parse('after=1732450000000000.42&before=5.6')).toMatchObject({
      after: { key: 1732450000000000, id: 42 },
      before: null,
    });
    expect(parse('before=5.6')).toMatchObject({ after: null, before: { key: 5, id: 6 } });
    for (const bad of ['1.0', 'x.1', '1', '99999999999999999.1', '1.99999999999', ''])
      expect(decodeCursor(bad)).toBeNull();
    expect(decodeCursor(encodeCursor({ key: -12, id: 3 }))).toEqual({ key: -12, id: 3 });
  });

  it('writes the filters back into an address, with a cursor when asked', () => {
    const query = parse('q=a@b.c&status=Pending&sort=oldest');
    expect(orderListSearch(query)).toBe('?q=a%40b.c&status=Pending&sort=oldest');
    expect(orderListSearch(query, { after: { key: 10, id: 2 } })).toBe(
      '?q=a%40b.c&status=Pending&sort=oldest&after=10.2',
    );
    expect(orderListSearch(parse(''))).toBe('');
  });

  it('tells order numbers, addresses and names apart', () => {
    expect(searchKind('')).toBe('none');
    expect(searchKind('261124-123456')).toBe('order');
    expect(searchKind('TU-261124-1')).toBe('order');
    expect(searchKind('GS-2026-1001')).toBe('order');
    expect(searchKind('anna@example.com')).toBe('email');
    expect(searchKind('Anna Schmidt')).toBe('name');
    expect(searchKind('2024')).toBe('order');
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('Sam;=1+2')).toBe(`"Sam;'=1+2"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});
