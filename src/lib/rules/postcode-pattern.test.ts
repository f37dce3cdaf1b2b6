import { describe, expect, it } from 'vitest';
import { POSTCODE_PATTERN_MESSAGES as M, postcodeFits, postcodePatternProblem } from './postcode-pattern';

describe('post-code patterns', () => {
  it('accepts the shapes countries use', () => {
    for (const pattern of [
      '^[0-9]{5}$',
      '^[0-9]{4} ?[A-Z]{2}$',
      '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$',
      '^(GIR 0AA|[A-Z]{1,2}\\d{1,2}[A-Z]? \\d[A-Z]{2})$',
      '^\\d{3}-\\d{4}$',
      '^(LV-)?[0-9]{4}$',
      '^[0-9]{5}(-[0-9]{4})?$',
      '^(?:[0-9]{2}){3}$',
      '^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$',
      '^[^@]{3}$',
    ]) {
      expect(postcodePatternProblem(pattern), pattern).toBeNull();
    }
    expect(postcodeFits('^[0-9]{4} ?[A-Z]{2}$', ' 1234 ab ')).toBe(true);
    expect(postcodeFits('^[0-9]{5}$', '1234')).toBe(false);
    expect(postcodeFits('^(GIR 0AA|[A-Z]{1,2}\\d{1,2}[A-Z]? \\d[A-Z]{2})$', 'sw1a 1aa')).toBe(true);
  });

  it('refuses patterns that match in too many ways, however they are written', () => {
    for (const pattern of [
      '^(1|1|1|1){1,16}$',
      '^(a|a){20}$',
      '^([0-9]{1,2}){1,16}$',
      '^((a?){5}){5}$',
      '^(a|ab|abc){1,12}$',
    ]) {
      expect(postcodePatternProblem(pattern), pattern).toBe(M.ways);
    }
  });

  it('refuses what does not match a whole post code or is not a post-code shape', () => {
    expect(postcodePatternProblem('[0-9]{5}')).toBe(M.anchors);
    expect(postcodePatternProblem('^[0-9]{5}\\$')).toBe(M.anchors);
    expect(postcodePatternProblem('^1|2$')).toBe(M.topLevelOr);
    expect(postcodePatternProblem('^(a+)+$')).toBe(M.starPlus);
    expect(postcodePatternProblem('^[0-9]*$')).toBe(M.starPlus);
    expect(postcodePatternProblem('^(\\d)\\1$')).toBe(M.escapes);
    expect(postcodePatternProblem('^(?=1)\\d$')).toBe(M.escapes);
    expect(postcodePatternProblem('^\\w{3}$')).toBe(M.escapes);
    expect(postcodePatternProblem('^\\u0041$')).toBe(M.escapes);
    expect(postcodePatternProblem('^[0-9]{1,1000}$')).toBe(M.repeat);
    expect(postcodePatternProblem('^[0-9]{2,}$')).toBe(M.repeat);
    expect(postcodePatternProblem('^[0-9]{1,5}?$')).toBe(M.repeat);
    expect(postcodePatternProblem('^[0-9]??$')).toBe(M.repeat);
    expect(postcodePatternProblem('^[0-9]{5,2}$')).toBe(M.invalid);
    expect(postcodePatternProblem('^[0-9$')).toBe(M.invalid);
    expect(postcodePatternProblem(`^${'a'.repeat(200)}$`)).toBe(M.tooLong);
  });

  it('does not run a refused pattern found in the data, and refuses post codes over the limit', () => {
    // Run, this pattern would answer false (after minutes): answering true shows it was not run.
    expect(postcodeFits('^(1|1|1|1){1,16}$', '1111111111111112')).toBe(true);
    expect(postcodeFits('^[0-9]{17}$', '1'.repeat(17))).toBe(false);
  });
});
