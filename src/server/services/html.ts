import sanitize from 'sanitize-html';

/**
 * Stored HTML (product descriptions, static pages, FAQ answers) is shown on public pages: only a
 * small set of formatting tags survives, links keep safe schemes, and nothing can run code.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that open a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const safe = withoutScriptUrl(attribs, 'href');
      return safe.target === '_blank'
        ? { tagName, attribs: { ...safe, rel: 'noopener noreferrer' } }
        : { tagName, attribs: safe };
    },
    img: (tagName, attribs) => ({ tagName, attribs: withoutScriptUrl(attribs, 'src') }),
  },
};

/**
 * sanitize-html checks a URL's scheme only at its start, so a value the parser keeps whole, like
 * src=`javascript:…` (backticks are not quotes), passes as a relative URL. A URL that names a
 * script scheme anywhere is dropped.
 */
function withoutScriptUrl(attribs: sanitize.Attributes, name: string): sanitize.Attributes {
  const value = attribs[name];
  if (value === undefined) return attribs;
  const squashed = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (!/(?:javascript|vbscript|data):/.test(squashed)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * What a public page does with stored content (static pages, FAQs) before showing it: the
 * admin preview calls this too, so the editor sees exactly what visitors will.
 */
export const renderStoredHtml = sanitizeHtml;

/** Text without tags, e.g. for meta descriptions and search snippets. */
export function htmlToText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
