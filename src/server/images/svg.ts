import { PICTOGRAMS, type Pictogram } from './pictograms';

/** Pure SVG renderers: same input, same bytes (the route derives its ETag from them). */

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters are not allowed in XML 1.0 at all.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** Greedy word wrap; long words are split, overflow ends the last line with an ellipsis. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      const parts: string[] = [];
      for (let i = 0; i < word.length; i += maxChars) parts.push(word.slice(i, i + maxChars));
      return parts;
    });
  const lines: string[] = [];
  let current = '';
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) {
    lines.push(current);
    current = '';
  }
  if (i < words.length) {
    const last = lines[maxLines - 1] ?? '';
    lines[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
  }
  return lines;
}

/** Stable hue in [0, 360) for a string, so a product keeps its colour. */
export function hueFor(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function textLines(lines: string[], x: number, y: number, size: number, extra = ''): string {
  const spans = lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(size * 1.2)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="700" text-anchor="middle"${extra}>${spans}</text>`;
}

export function pictogram(
  name: Pictogram,
  cx: number,
  cy: number,
  size: number,
  colour: string,
  strokeWidth = 9,
  rotate = 0,
): string {
  const scale = size / 200;
  const transform = `translate(${cx - size / 2} ${cy - size / 2}) scale(${scale})${rotate ? ` rotate(${rotate} 100 100)` : ''}`;
  return `<g transform="${transform}" fill="none" stroke="${colour}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${PICTOGRAMS[name]}</g>`;
}

export interface ProductImageInput {
  productId: number;
  name: string;
  /** image number 1..n; each shows another "view" */
  n: number;
  pictogram: Pictogram;
  /** label above the picture, e.g. the category */
  label?: string;
}

export function renderProductImage(input: ProductImageInput): string {
  const hue = hueFor(`${input.productId}:${input.name}`);
  const view = (((input.n - 1) % 4) + 4) % 4;
  const light = view === 2;
  const top = light ? `hsl(${hue} 45% 94%)` : `hsl(${hue} 58% 46%)`;
  const bottom = light ? `hsl(${(hue + 20) % 360} 40% 84%)` : `hsl(${(hue + 28) % 360} 62% 28%)`;
  const ink = light ? `hsl(${hue} 55% 30%)` : '#ffffff';
  const id = `g${input.productId}-${input.n}`;
  const picture =
    view === 1
      ? pictogram(input.pictogram, 400, 320, 420, ink, 7, -10)
      : view === 3
        ? pictogram(input.pictogram, 430, 260, 460, ink, 6)
        : pictogram(input.pictogram, 400, 320, 330, ink, 9);
  const lines = wrapText(input.name, 24, 3);
  const textY = 610 - (lines.length - 1) * 26;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(input.name)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    `<rect width="800" height="800" fill="url(#${id})"/>`,
    `<circle cx="${640 - view * 90}" cy="${150 + view * 40}" r="${260 - view * 20}" fill="${ink}" opacity="0.07"/>`,
    `<circle cx="${120 + view * 60}" cy="690" r="200" fill="${ink}" opacity="0.05"/>`,
    view === 3 ? '' : `<circle cx="400" cy="320" r="230" fill="${ink}" opacity="0.1"/>`,
    picture,
    input.label
      ? `<text x="48" y="72" font-family="${FONT}" font-size="26" font-weight="600" letter-spacing="3" fill="${ink}" opacity="0.8">${escapeXml(input.label.toUpperCase())}</text>`
      : '',
    `<rect x="40" y="${textY - 64}" width="720" height="${lines.length * 53 + 48}" rx="24" fill="${light ? '#ffffff' : '#000000'}" opacity="${light ? 0.6 : 0.18}"/>`,
    textLines(lines, 400, textY, 44, ` fill="${ink}"`),
    '</svg>',
  ].join('');
}

export interface CategoryImageInput {
  slug: string;
  title: string;
  pictogram: Pictogram;
}

/** 800 × 600 tile for the home page's featured categories and category headers. */
export function renderCategoryImage(input: CategoryImageInput): string {
  const hue = hueFor(input.slug);
  const id = `c-${hueFor(input.title)}`;
  const lines = wrapText(input.title, 22, 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${escapeXml(input.title)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360} 65% 24%)"/></linearGradient></defs>`,
    `<rect width="800" height="600" fill="url(#${id})"/>`,
    `<circle cx="620" cy="140" r="260" fill="#ffffff" opacity="0.08"/>`,
    `<circle cx="90" cy="560" r="180" fill="#ffffff" opacity="0.06"/>`,
    pictogram(input.pictogram, 400, 240, 300, '#ffffff', 8),
    textLines(lines, 400, 500 - (lines.length - 1) * 28, 52, ' fill="#ffffff"'),
    '</svg>',
  ].join('');
}

/** Shown where a product has no images. */
export function renderFallbackImage(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="No image available">',
    '<defs><linearGradient id="fallback" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f3f5"/><stop offset="1" stop-color="#dee2e6"/></linearGradient></defs>',
    '<rect width="800" height="800" fill="url(#fallback)"/>',
    '<circle cx="400" cy="340" r="200" fill="#ffffff" opacity="0.7"/>',
    pictogram('bag', 400, 340, 260, '#adb5bd', 9),
    textLines(['No image available'], 400, 640, 40, ' fill="#868e96"'),
    '</svg>',
  ].join('');
}
