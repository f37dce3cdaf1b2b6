/**
 * Post-code patterns staff may store for a country (ADR 026). The checkout runs them on every
 * order to that country (pricing/totals.server.ts), so a pattern must be cheap whatever a shopper
 * types: anchored, short, and without the constructs that make a regular expression backtrack
 * without end (`*`, `+`, nested repeated groups, back-references); with every repetition bounded and
 * post codes at most a few characters long, the work per order stays small. Post codes have fixed shapes, so
 * character classes, literals, `\d`, `\s`, groups, `|`, `?` and `{n}` / `{n,m}` are all they need.
 */
export const POSTCODE_PATTERN_MAX = 120;

/** The problem with a pattern in words for the form, or null when it may be stored. */
export function postcodePatternProblem(pattern: string): string | null {
  if (pattern.length > POSTCODE_PATTERN_MAX) return `A post-code pattern may have at most ${POSTCODE_PATTERN_MAX} characters.`;
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return 'A post-code pattern starts with ^ and ends with $ (it must match the whole post code).';
  if (/[*+]/.test(pattern)) return 'A post-code pattern may not use * or +: give the lengths, as in [0-9]{5} or [A-Z]{1,2}.';
  if (/\\[1-9kpPuxc]/.test(pattern) || /\(\?/.test(pattern)) return 'A post-code pattern may use \\d and \\s but no back-references, look-arounds or other escapes.';
  // (LV-)? and (-[0-9]{4})? are fine: every repetition is bounded and a post code is short. A repeated
  // group repeated again, ((…){2}){3}, multiplies the ways to match: refused.
  if (/\)\s*(\?|\{[\d,]+\})\s*\)\s*[?{]/.test(pattern)) return 'A post-code pattern may not repeat a group that repeats a group: write the lengths out.';
  if (/\{\d*,?\d{3,}\}/.test(pattern)) return 'Repetitions in a post-code pattern go up to 99.';
  try {
    new RegExp(pattern);
  } catch {
    return 'This is not a valid pattern (regular expression).';
  }
  return null;
}

/** Whether a post code fits the pattern, as the checkout tests it (capitals). */
export function postcodeFits(pattern: string, postCode: string): boolean {
  return new RegExp(pattern).test(postCode.trim().toUpperCase());
}
