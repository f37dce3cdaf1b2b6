/**
 * A stored mail's text as the back office's mail log shows it (issue 25): the secrets a mail may
 * carry are replaced by HIDDEN, so that reading the log never lets anyone reset a password, verify
 * an address, confirm a subscription or choose a first password in the recipient's place.
 *
 * Not tied to a template on purpose (a new mail is covered without being listed here):
 * - every link keeps its address and path, but the values of its query (except the harmless
 *   names in VISIBLE_PARAMS) and its fragment are hidden, and so is any path segment that looks
 *   like a token (reset, verification and set-password links carry their secret there);
 * - a long token-like word outside a link is hidden (a pasted token or signature);
 * - on a line that speaks of a code (code, Code, code), runs of 4 to 8 digits are hidden (one-time codes).
 */
export const HIDDEN = '[hidden]';

/** Query names whose values say nothing secret (the orders tab of the account page, a page number). */
const VISIBLE_PARAMS = new Set(['tab', 'page', 'lang', 'form']);

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/gi;
/** 16+ characters with letters and digits mixed, or 16+ hex digits: ids, hashes, signatures, tokens. */
const TOKEN_SEGMENT = /^(?=[A-Za-z0-9_~.-]*\d)(?=[A-Za-z0-9_~.-]*[A-Za-z])[A-Za-z0-9_~.-]{16,}$|^[0-9a-fA-F]{16,}$/;
const TOKEN_WORD = /(?<![\w/.-])(?=[A-Za-z0-9_+/=-]*\d)(?=[A-Za-z0-9_+/=-]*[A-Za-z])[A-Za-z0-9_+/=-]{24,}(?![\w/.-])/g;
const CODE_LINE = /\bcodes?\b/i;
/** Not part of a longer number or an amount (1234.50, 1.234): a sentence's full stop may follow. */
const DIGIT_CODE = /(?<!\d|\d[.,])\d{4,8}(?!\d|[.,]\d)/g;

function redactUrl(raw: string): string {
  // Punctuation that ends a sentence is not part of the link.
  const trail = /[.,;:!?]+$/.exec(raw)?.[0] ?? '';
  const link = trail ? raw.slice(0, -trail.length) : raw;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return HIDDEN + trail;
  }
  const path = url.pathname
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(decodeSafe(segment)) ? HIDDEN : segment))
    .join('/');
  const query = [...url.searchParams.keys()]
    .filter((name, i, all) => all.indexOf(name) === i)
    .map((name) =>
      VISIBLE_PARAMS.has(name)
        ? url.searchParams
            .getAll(name)
            .map((v) => `${name}=${encodeURIComponent(v)}`)
            .join('&')
        : `${name}=${HIDDEN}`,
    )
    .join('&');
  const fragment = url.hash ? `#${HIDDEN}` : '';
  // Userinfo (user:password@) would be a secret too; it is left out.
  return `${url.protocol}//${url.host}${path}${query ? `?${query}` : ''}${fragment}${trail}`;
}

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The text with its secrets hidden (see the module comment). */
export function redactMailText(text: string): string {
  const links: string[] = [];
  // Links are set aside first, so the word and code rules do not see their parts again.
  const withoutLinks = text.replace(/\u0000/g, '').replace(URL_PATTERN, (raw) => {
    links.push(redactUrl(raw));
    return `\u0000${links.length - 1}\u0000`;
  });
  const redacted = withoutLinks
    .split('\n')
    .map((line) => {
      const words = line.replace(TOKEN_WORD, HIDDEN);
      return CODE_LINE.test(words) ? words.replace(DIGIT_CODE, HIDDEN) : words;
    })
    .join('\n');
  return redacted.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => links[Number(i)]!);
}
