/**
 * Known XSS vectors, for every place that stores HTML or text shown on pages (reviews, profile
 * names, contact messages, static pages, FAQs, settings). A test stores each one, renders the
 * public page and asserts with `isActive` that nothing of it can run.
 * Each vector carries the marker `xss` in the code it would run, so a page that shows it
 * escaped (as text) is fine, and one that keeps it as markup is not.
 */
export const XSS_VECTORS: readonly string[] = [
  '<script>alert("xss")</script>',
  '<SCRIPT SRC=//evil.test/xss.js></SCRIPT>',
  '<img src=x onerror=alert("xss")>',
  '<img src="x" onerror="alert(\'xss\')">',
  '<IMG SRC=javascript:alert("xss")>',
  '<img src=`javascript:alert("xss")`>',
  '<svg onload=alert("xss")>',
  '<svg><script>alert("xss")</script></svg>',
  '<body onload=alert("xss")>',
  '<iframe src="javascript:alert(\'xss\')"></iframe>',
  '<iframe srcdoc="<script>alert(\'xss\')</script>"></iframe>',
  '<a href="javascript:alert(\'xss\')">click</a>',
  '<a href="JaVaScRiPt:alert(\'xss\')">click</a>',
  '<a href="&#106;avascript:alert(\'xss\')">click</a>',
  '<a href=" javascript:alert(\'xss\')">click</a>',
  '<a href="java\tscript:alert(\'xss\')">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzJyk8L3NjcmlwdD4=">xss</a>',
  '<div style="background:url(javascript:alert(\'xss\'))">x</div>',
  '<input autofocus onfocus=alert("xss")>',
  '<details open ontoggle=alert("xss")>',
  '<marquee onstart=alert("xss")>x</marquee>',
  '<video><source onerror=alert("xss")></video>',
  '<audio src=x onerror=alert("xss")>',
  '<object data="javascript:alert(\'xss\')"></object>',
  '<embed src="javascript:alert(\'xss\')">',
  '<form action="javascript:alert(\'xss\')"><button>x</button></form>',
  '<button formaction="javascript:alert(\'xss\')">x</button>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert("xss")>',
  '<noscript><p title="</noscript><img src=x onerror=alert(\'xss\')>">',
  '"><script>alert("xss")</script>',
  '\'><img src=x onerror=alert("xss")>',
  '</textarea><script>alert("xss")</script>',
  '</title><script>alert("xss")</script>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(\'xss\')">',
  '<link rel=stylesheet href="javascript:alert(\'xss\')">',
  '<base href="javascript:alert(\'xss\')//">',
  '<scr<script>ipt>alert("xss")</scr</script>ipt>',
  '<<script>alert("xss");//<</script>',
  '<img """><script>alert("xss")</script>">',
  '<style>@import "javascript:alert(\'xss\')";</style>',
];

/** `javascript:` as a browser reads it in an attribute: any case, entities, spaces and tabs inside. */
const JS_URL = /(?:j|&#0*106;|&#x0*6a;)\s*(?:a|&#0*97;)\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*(?::|&#0*58;|&colon;)/i;

/** Attributes whose value a browser loads or runs as a URL, style or document. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'background',
  'poster',
  'srcset',
  'lowsrc',
  'dynsrc',
  'codebase',
  'cite',
  'ping',
  'manifest',
  'icon',
  'archive',
  'style',
  'content',
  'srcdoc',
]);

/**
 * A start tag's attributes as a browser tokenises them: a quoted value is one value whatever it
 * holds, so escaped text inside `value="…"` or an island's `props="…"` is not taken for markup.
 */
function attributesOf(tag: string): { name: string; value: string }[] {
  const inner = tag.replace(/^<[a-z][^\s/>]*/i, '').replace(/\/?>$/, '');
  const attributes: { name: string; value: string }[] = [];
  for (const m of inner.matchAll(/([^\s"'>/=]+|["'][^\s>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attributes.push({ name: m[1]!.toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? '' });
  }
  return attributes;
}

/**
 * True when the HTML holds a vector as live markup: a script element or event handler with the
 * marker, a javascript: or data:text/html URL in an attribute a browser follows or a style sheet,
 * or an element that loads other documents (iframe, object, embed, base, meta refresh, link).
 * Escaped text (`&lt;script&gt;`, also inside a quoted attribute value) is not active; the
 * shop's own pages use none of these.
 */
export function isActive(html: string): boolean {
  if (/<script\b[^>]*>[^<]*xss/i.test(html) || /<script\b[^>]*src=[^>]*xss/i.test(html)) return true;
  for (const style of html.match(/<style\b[^>]*>[^<]*/gi) ?? []) if (JS_URL.test(style)) return true;
  for (const tag of html.match(/<[a-z][^<>]*>/gi) ?? []) {
    const attributes = attributesOf(tag);
    for (const { name, value } of attributes) {
      if (/^on[a-z]+$/.test(name) && /xss/i.test(value)) return true;
      if (URL_ATTRIBUTES.has(name) && (JS_URL.test(value) || /data:text\/html/i.test(value))) return true;
      if (name === 'srcdoc' && /xss/i.test(value)) return true;
    }
    if (
      /^<(?:iframe|object|embed|base|meta|link)\b/i.test(tag) &&
      attributes.some(({ value }) => /xss|javascript/i.test(value))
    )
      return true;
  }
  return false;
}
