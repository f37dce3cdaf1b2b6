import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Colours live in one place, src/styles/tokens.css; every other stylesheet, <style> block,
 * inline style and SVG in .astro/.tsx uses var(--token). Mail HTML (server/mail, email clients
 * have no custom properties) and the generated product images (server/images) are .ts and out
 * of scope.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
const TOKENS = join(SRC, 'styles', 'tokens.css');

// CSS named colours (CSS Color 4), except the keywords that are not a colour of their own.
const NAMED = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod
darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid
mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown
royalblue saddlebrown salmon seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/);

/** Properties and attributes whose value is (or contains) a colour. */
const COLOUR_PROPERTY =
  /(?:^|[\s;{"'])((?:[a-z-]*color|background(?:-image)?|border(?:-[a-z]+)*|outline|box-shadow|text-shadow|fill|stroke|caret-color|accent-color|column-rule|text-decoration(?:-color)?)\s*[:=]\s*)([^;}>\n]*)/gi;
const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;
const NAMED_WORD = new RegExp(`(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`, 'i');

/** The one colour literal an HTML attribute needs: CSS custom properties don't reach <meta>. */
const THEME_COLOR = /<meta name="theme-color" content="(#[0-9a-f]{6})" \/>/i;

export function colourLiterals(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(COLOUR_PROPERTY)) {
    const value = match[2]!.replace(/var\(--[\w-]+\)/g, '');
    if (HEX.test(value) || FUNCTION.test(value) || NAMED_WORD.test(value)) found.push(match[0].trim());
  }
  // A literal anywhere else in a stylesheet or a style block (custom property, gradient stop…).
  for (const match of text.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)/gi)) {
    if (!found.some((f) => f.includes(match[0]))) found.push(match[0]);
  }
  return found;
}

/** What of a file is style: all of a .css; <style> blocks, style/fill/stroke attributes of .astro and .tsx. */
function styleText(path: string, text: string): string {
  if (path.endsWith('.css')) return text;
  const parts = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const attributes = [
    ...text.matchAll(/\b(?:style|fill|stroke|stop-color|color)=(?:"[^"]*"|'[^']*'|\{\{[\s\S]*?\}\})/g),
  ].map((m) => m[0]);
  return [...parts, ...attributes].join('\n').replace(THEME_COLOR, '');
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(css|astro|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function tokenValue(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(readFileSync(TOKENS, 'utf8'))?.[1]?.trim();
}

describe('colour literals', () => {
  it('finds the literals it is meant to find (so a pass below means something)', () => {
    expect(colourLiterals('a { color: #fff; }')).toEqual(['color: #fff']);
    expect(colourLiterals('a { border: 1px solid rgb(15 23 42 / 0.2); }')).toEqual([
      'border: 1px solid rgb(15 23 42 / 0.2)',
    ]);
    expect(colourLiterals('a { background: white; }')).toEqual(['background: white']);
    expect(colourLiterals('a { box-shadow: 0 0 4px hsl(0 0% 0%); }')).toHaveLength(1);
    expect(colourLiterals('a { --x: #0f172a; }')).toEqual(['#0f172a']);
    expect(colourLiterals('<rect fill="#fff"></rect>')).toEqual(['fill="#fff"']);
    expect(colourLiterals('a { color: var(--ink); border: 1px solid currentColor; background: transparent; }')).toEqual(
      [],
    );
    expect(colourLiterals('a { box-shadow: 0 2px 8px color-mix(in srgb, var(--ink) 15%, transparent); }')).toEqual([]);
    expect(colourLiterals('a { border-left: 4px solid transparent; text-decoration: underline; }')).toEqual([]);
  });

  it('appear nowhere in src/ outside src/styles/tokens.css', () => {
    const offenders: string[] = [];
    for (const path of files(SRC)) {
      if (path === TOKENS) continue;
      const text = readFileSync(path, 'utf8');
      for (const literal of colourLiterals(styleText(path, text)))
        offenders.push(`${relative(ROOT, path)}: ${literal}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the <meta name="theme-color"> is the --ink token', () => {
    const layout = readFileSync(join(SRC, 'layouts', 'DefaultLayout.astro'), 'utf8');
    expect(THEME_COLOR.exec(layout)?.[1]).toBe(tokenValue('ink'));
  });
});

describe('the token file', () => {
  it('defines every token the stylesheets use', () => {
    const defined = new Set([...readFileSync(TOKENS, 'utf8').matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
    const missing = new Set<string>();
    for (const path of files(SRC)) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(/var\((--[\w-]+)\)/g)) {
        // Custom properties a component sets for itself (e.g. in a style block or from script).
        if (new RegExp(`${m[1]}\\s*:`).test(text)) continue;
        if (!defined.has(m[1]!)) missing.add(`${relative(ROOT, path)}: ${m[1]}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('is loaded once, by the layout every page (admin included) renders in', () => {
    const importers = files(SRC).filter((path) => readFileSync(path, 'utf8').includes("styles/tokens.css'"));
    expect(importers.map((p) => relative(ROOT, p))).toEqual(['src/layouts/DefaultLayout.astro']);
  });
});

describe('the forms stylesheet', () => {
  const FORMS = join(SRC, 'styles', 'forms.css');

  it('is the only place that styles the invalid state and the field messages', () => {
    const elsewhere: string[] = [];
    for (const path of files(SRC)) {
      if (path === FORMS) continue;
      const css = path.endsWith('.css') ? readFileSync(path, 'utf8') : styleText(path, readFileSync(path, 'utf8'));
      for (const m of css.matchAll(/[^{}]*(?:\[aria-invalid|\.field-error|\.field-hint|\.form-error)[^{}]*\{/g)) {
        elsewhere.push(`${relative(ROOT, path)}: ${m[0].trim()}`);
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it('is loaded once, by the layout', () => {
    const importers = files(SRC).filter((path) => readFileSync(path, 'utf8').includes("styles/forms.css'"));
    expect(importers.map((p) => relative(ROOT, p))).toEqual(['src/layouts/DefaultLayout.astro']);
  });
});
