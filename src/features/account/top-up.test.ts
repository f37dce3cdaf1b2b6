import { describe, expect, it } from 'vitest';
import { parseTopUpAmount } from './top-up';

describe('top-up amount', () => {
  it('takes whole or two-decimal amounts, with a point or a comma', () => {
    expect(parseTopUpAmount('25', 10)).toEqual({ amount: 25 });
    expect(parseTopUpAmount(' 10.05 ', 10.05)).toEqual({ amount: 10.05 });
    expect(parseTopUpAmount('12,5', 10)).toEqual({ amount: 12.5 });
  });

  it('names what is wrong', () => {
    expect(parseTopUpAmount('', 10)).toEqual({ problem: 'empty' });
    expect(parseTopUpAmount('1.005', 1)).toEqual({ problem: 'format' });
    expect(parseTopUpAmount('-5', 1)).toEqual({ problem: 'format' });
    expect(parseTopUpAmount('abc', 1)).toEqual({ problem: 'format' });
    // 10.04 is below 10.05 even though floats would make 10.05 * 100 = 1004.9999…
    expect(parseTopUpAmount('10.04', 10.05)).toEqual({ problem: 'below-minimum' });
  });
});
