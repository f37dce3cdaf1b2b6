import { describe, expect, it } from 'vitest';
import { postcodeFits, postcodePatternProblem } from './postcode-pattern';

describe('post-code patterns', () => {
  it('accepts the shapes countries use', () => {
    for (const pattern of ['^[0-9]{5}$', '^[0-9]{4} ?[A-Z]{2}$', '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$', '^(GIR 0AA|[A-Z]{1,2}\\d{1,2}[A-Z]? \\d[A-Z]{2})$', '^\\d{3}-\\d{4}$']) {
      expect(postcodePatternProblem(pattern), pattern).toBeNull();
    }
    expect(postcodeFits('^[0-9]{4} ?[A-Z]{2}$', ' 1234 ab ')).toBe(true);
    expect(postcodeFits('^[0-9]{5}$', '1234')).toBe(false);
  });

  it('refuses what could run away or does not match a whole post code', () => {
    expect(postcodePatternProblem('[0-9]{5}')).toBe('A post-code pattern starts with ^ and ends with $ (it must match the whole post code).');
    expect(postcodePatternProblem('^(a+)+$')).toBe('A post-code pattern may not use * or +: give the lengths, as in [0-9]{5} or [A-Z]{1,2}.');
    expect(postcodePatternProblem('^(([0-9]{2}){3}){2}$')).toBe('A post-code pattern may not repeat a group that repeats a group: write the lengths out.');
    expect(postcodePatternProblem('^(LV-)?[0-9]{4}$')).toBeNull();
    expect(postcodePatternProblem('^[0-9]{5}(-[0-9]{4})?$')).toBeNull();
    expect(postcodePatternProblem('^(\\d)\\1$')).toBe('A post-code pattern may use \\d and \\s but no back-references, look-arounds or other escapes.');
    expect(postcodePatternProblem('^(?=1)\\d$')).toBe('A post-code pattern may use \\d and \\s but no back-references, look-arounds or other escapes.');
    expect(postcodePatternProblem('^[0-9]{1,1000}$')).toBe('Repetitions in a post-code pattern go up to 99.');
    expect(postcodePatternProblem('^[0-9$')).toBe('This is not a valid pattern (regular expression).');
    expect(postcodePatternProblem(`^${'a'.repeat(200)}$`)).toBe('A post-code pattern may have at most 120 characters.');
  });
});
