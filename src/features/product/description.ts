/**
 * Product description parts (storefront ProductDetailsPage): the part before the first list is
 * shown under the name; everything from the first list on becomes the technical-info list, with
 * an "Important information" line first. Works on the sanitised HTML of the product answer with
 * plain string parsing (no DOM on the server). Pure.
 */

const FIRST_LIST = /<(ul|ol)(\s[^>]*)?>/i;

export interface DescriptionParts {
  /** HTML before the first list (the whole description when it has none). Re-sanitise before
   * rendering: a cut can leave an element open. */
  intro: string;
  /** HTML from the first list on ('' without a list). */
  rest: string;
}

export function splitDescription(html: string): DescriptionParts {
  const match = FIRST_LIST.exec(html);
  if (!match) return { intro: html.trim(), rest: '' };
  return { intro: html.slice(0, match.index).trim(), rest: html.slice(match.index) };
}

export interface TechnicalInfoItem {
  /** "Weight" of "Weight: 1.2 kg"; null for a line without a label. */
  label: string | null;
  value: string;
  important: boolean;
}

/** The "Important information" label in the languages the shop ships; a page may add its own. */
export const IMPORTANT_LABELS = ['important information', 'wichtige informationen', 'informations importantes'];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Tag-free text of an HTML fragment with the common entities decoded and spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const BLOCK = /<(li|p|dd|dt|h[2-6])(?:\s[^>]*)?>([\s\S]*?)<\/\1\s*>/gi;
const LABELLED = /^([^:]{1,48}?)\s*:\s*(\S[\s\S]*)$/;

/** One entry per list item or paragraph of `rest`, "Important information" entries first. */
export function technicalInfo(rest: string, extraImportantLabels: readonly string[] = []): TechnicalInfoItem[] {
  const important = new Set([...IMPORTANT_LABELS, ...extraImportantLabels.map((l) => l.trim().toLowerCase())]);
  const items: TechnicalInfoItem[] = [];
  for (const match of rest.matchAll(BLOCK)) {
    const text = textOf(match[2] ?? '');
    if (!text) continue;
    const labelled = LABELLED.exec(text);
    const label = labelled ? labelled[1]!.trim() : null;
    items.push({
      label,
      value: labelled ? labelled[2]!.trim() : text,
      important: label !== null && important.has(label.toLowerCase()),
    });
  }
  return [...items.filter((i) => i.important), ...items.filter((i) => !i.important)];
}

/** Plain text for meta descriptions: the intro's text, cut at a word boundary. */
export function summaryText(html: string, max = 160): string {
  const text = textOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
