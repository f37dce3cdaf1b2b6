/**
 * Post-code patterns staff may store for a country (ADR 026). The checkout runs them on every
 * order to that country (pricing/totals.server.ts), so a pattern must be cheap whatever a shopper
 * types. A blacklist of dangerous constructs let `^(1|1|1|1){1,16}$` through (one check ran for
 * minutes), so a pattern is read by a small parser that knows only what post codes need —
 * literals, `\d`, `\s`, character classes, groups, `|` inside a group, `?`, `{n}` and `{n,m}` — and
 * counts the ways it can match a text: the backtracking engine tries at most that many paths, so a
 * pattern with more than MAX_WAYS is refused.
 */
export const POSTCODE_PATTERN_MAX = 120;
/** The longest post code a shopper may give (the totals and checkout refuse longer ones). */
export const POST_CODE_MAX = 16;
const MAX_WAYS = 1000;
const MAX_REPEAT = 99;

export const POSTCODE_PATTERN_MESSAGES = {
  tooLong: `A post-code pattern may have at most ${POSTCODE_PATTERN_MAX} characters.`,
  anchors: 'A post-code pattern starts with ^ and ends with $ (it must match the whole post code).',
  starPlus: 'A post-code pattern may not use * or +: give the lengths, as in [0-9]{5} or [A-Z]{1,2}.',
  escapes: 'A post-code pattern may use \\d and \\s but no back-references, look-arounds or other escapes.',
  topLevelOr:
    'Put alternatives in a group, as in ^(GIR 0AA|[0-9]{5})$: a | outside a group matches only part of the post code.',
  repeat: `Repetitions in a post-code pattern are ? or {n} or {n,m} with m up to ${MAX_REPEAT}.`,
  ways: 'This pattern can match the same text in too many ways: repeat plain characters or classes, not groups of alternatives.',
  invalid: 'This is not a valid pattern (regular expression).',
} as const;

class Refused extends Error {}

/** Reads the pattern between ^ and $; answers the number of ways it can match, capped. */
function waysOf(body: string): number {
  let at = 0;
  const refuse = (message: string): never => {
    throw new Refused(message);
  };
  const cap = (n: number) => Math.min(n, MAX_WAYS + 1);

  // alternatives := sequence ('|' sequence)*
  function alternatives(inGroup: boolean): number {
    let ways = sequence();
    while (body[at] === '|') {
      if (!inGroup) refuse(POSTCODE_PATTERN_MESSAGES.topLevelOr);
      at += 1;
      ways = cap(ways + sequence());
    }
    return ways;
  }

  function sequence(): number {
    let ways = 1;
    while (at < body.length && body[at] !== '|' && body[at] !== ')') {
      const one = atom();
      ways = cap(ways * repeated(one));
    }
    return ways;
  }

  function atom(): number {
    const c = body[at];
    if (c === '(') {
      at += 1;
      if (body[at] === '?') {
        if (body[at + 1] !== ':') refuse(POSTCODE_PATTERN_MESSAGES.escapes);
        at += 2;
      }
      const ways = alternatives(true);
      if (body[at] !== ')') refuse(POSTCODE_PATTERN_MESSAGES.invalid);
      at += 1;
      return ways;
    }
    if (c === '[') {
      classBody();
      return 1;
    }
    if (c === '\\') {
      escape(false);
      return 1;
    }
    if (c === '*' || c === '+') refuse(POSTCODE_PATTERN_MESSAGES.starPlus);
    if (c === '?' || c === '{' || c === '}') refuse(POSTCODE_PATTERN_MESSAGES.repeat);
    if (c === ']' || c === '^' || c === '$') refuse(POSTCODE_PATTERN_MESSAGES.invalid);
    at += 1; // a literal character, or `.`
    return 1;
  }

  function escape(inClass: boolean) {
    const e = body[at + 1];
    if (e === undefined) return refuse(POSTCODE_PATTERN_MESSAGES.invalid);
    // \d \s, and a backslash before punctuation; anything else (\1, \k, \p, \u, \x, \b, \w...) is refused.
    const ok =
      e === 'd' || e === 's' || e === 'D' || e === 'S' || /[-.\\/()[\]{}?*+|^$ ]/.test(e) || (inClass && e === ']');
    if (!ok) refuse(POSTCODE_PATTERN_MESSAGES.escapes);
    at += 2;
  }

  function classBody() {
    at += 1;
    if (body[at] === '^') at += 1;
    let count = 0;
    while (at < body.length && body[at] !== ']') {
      if (body[at] === '\\') escape(true);
      else if (body[at] === '[') refuse(POSTCODE_PATTERN_MESSAGES.invalid);
      else at += 1;
      count += 1;
    }
    if (body[at] !== ']' || count === 0) refuse(POSTCODE_PATTERN_MESSAGES.invalid);
    at += 1;
  }

  function repeated(ways: number): number {
    const c = body[at];
    if (c === '*' || c === '+') refuse(POSTCODE_PATTERN_MESSAGES.starPlus);
    let min = 1;
    let max = 1;
    if (c === '?') {
      at += 1;
      min = 0;
    } else if (c === '{') {
      const m = /^\{(\d{1,3})(?:,(\d{1,3}))?\}/.exec(body.slice(at));
      if (!m) refuse(POSTCODE_PATTERN_MESSAGES.repeat);
      at += m![0].length;
      min = Number(m![1]);
      max = m![2] === undefined ? min : Number(m![2]);
      if (max > MAX_REPEAT || min > max) refuse(POSTCODE_PATTERN_MESSAGES.repeat);
    } else {
      return ways;
    }
    // Lazy (`??`, `{2}?`) or stacked (`a{2}{3}`, `a??`) repetitions are not post-code shapes.
    if (body[at] === '?' || body[at] === '{' || body[at] === '*' || body[at] === '+')
      refuse(POSTCODE_PATTERN_MESSAGES.repeat);
    // Each repetition count k gives ways^k paths; a text is tried against every k from max down.
    let total = 0;
    let power = 1;
    for (let k = 0; k <= max; k += 1) {
      if (k >= min) total = cap(total + power);
      power = cap(power * ways);
      if (total > MAX_WAYS) break;
    }
    // An optional part still doubles the paths even when it can match only one way.
    return min === max ? total : Math.max(total, 2);
  }

  const ways = alternatives(false);
  if (at !== body.length) refuse(POSTCODE_PATTERN_MESSAGES.invalid);
  return ways;
}

/** The problem with a pattern in words for the form, or null when it may be stored. */
export function postcodePatternProblem(pattern: string): string | null {
  if (pattern.length > POSTCODE_PATTERN_MAX) return POSTCODE_PATTERN_MESSAGES.tooLong;
  if (pattern.length < 2 || !pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$'))
    return POSTCODE_PATTERN_MESSAGES.anchors;
  try {
    new RegExp(pattern);
  } catch {
    return POSTCODE_PATTERN_MESSAGES.invalid;
  }
  try {
    if (waysOf(pattern.slice(1, -1)) > MAX_WAYS) return POSTCODE_PATTERN_MESSAGES.ways;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
  return null;
}

/**
 * Whether a post code fits the pattern, as the checkout tests it (trimmed, in capitals: patterns are
 * written "1234 AB", shoppers type either case). A pattern this module refuses (stored before the
 * rule, or put in the database by hand) is not run: it must neither block nor slow every order.
 */
export function postcodeFits(pattern: string, postCode: string): boolean {
  const value = postCode.trim().toUpperCase();
  if (value.length > POST_CODE_MAX) return false;
  if (postcodePatternProblem(pattern) !== null) return true;
  return new RegExp(pattern).test(value);
}
