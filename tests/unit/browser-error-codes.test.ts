import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Browser code decides on an API error's `code` (src/lib/contract/error-codes.ts), never on its
 * message: messages are translated and edited on the Translations page, so a comparison with a
 * text works in English only, until someone changes the text (issue 28). This scans every module
 * the browser can run: islands, stores, shared lib code and the <script> blocks of .astro files.
 */

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const BROWSER_DIRS = ['features', 'stores', 'lib', 'components', 'layouts', 'pages'];

/** A message-ish value: `message`, `body.message`, `error.message`, `someMessage`. */
const MESSAGE = String.raw`[\w$.?]*[mM]essage\b`;
const COMPARISONS = [
  // message === 'text' / message !== CONSTANT (a `typeof x.message === 'string'` check is fine)
  new RegExp(String.raw`(?<!typeof\s+)(?<![\w$.?])${MESSAGE}\s*[!=]==?(?!=)\s*(?!(?:undefined|null)\b)\S`),
  // 'text' === message / CONSTANT !== body.message
  new RegExp(String.raw`[!=]==?\s*${MESSAGE}(?!\s*\.(?:length|trim)\b)(?!\s*\?)`),
  // message.includes('…'), .startsWith, .endsWith, .match, .search, .indexOf
  new RegExp(String.raw`${MESSAGE}\s*\??\.\s*(?:includes|startsWith|endsWith|match|search|indexOf)\s*\(`),
  // /regex/.test(message) or PATTERN.test(error.message)
  new RegExp(String.raw`\.(?:test|exec)\(\s*${MESSAGE}\s*\)`),
];

/** The lines of `text` that compare a message, with their line numbers. */
export function messageComparisons(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line.replace(/\/\/.*$/, '')] as const)
    .filter(([, line]) => COMPARISONS.some((pattern) => pattern.test(line)))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

function* browserFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* browserFiles(path);
    else if (/\.(test|server)\.tsx?$/.test(entry.name)) continue;
    else if (/\.(tsx?|astro)$/.test(entry.name)) yield path;
  }
}

/** The code of a file the browser runs: a module whole, an .astro file's <script> blocks only. */
function browserCode(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.astro')) return text;
  // Keep line numbers: everything outside <script> becomes an empty line.
  let inScript = false;
  return text
    .split('\n')
    .map((line) => {
      if (/<script\b/.test(line)) inScript = !/<\/script>/.test(line);
      else if (/<\/script>/.test(line)) inScript = false;
      else if (inScript) return line;
      return '';
    })
    .join('\n');
}

describe('browser code switches on error codes, never on message texts', () => {
  it('finds the comparisons it is meant to find (and not typeof checks or fallbacks)', () => {
    expect(messageComparisons(`if (error.message === 'Unauthenticated.') go();`)).toHaveLength(1);
    expect(messageComparisons(`if (result.message === ALREADY_VERIFIED) go();`)).toHaveLength(1);
    expect(messageComparisons(`if (EMAIL_NOT_VERIFIED === serverMessage(body)) go();`)).toHaveLength(1);
    expect(messageComparisons(`if (EMAIL_NOT_VERIFIED === body.message) go();`)).toHaveLength(1);
    expect(messageComparisons(`return ADDRESS_ERROR.test(message);`)).toHaveLength(1);
    expect(messageComparisons(`if (reply.message.includes('stock')) warn();`)).toHaveLength(1);
    expect(
      messageComparisons(
        `const text = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : fallback;`,
      ),
    ).toEqual([]);
    expect(messageComparisons(`if (error.code === 'email_not_verified') go(); // not error.message === 'x'`)).toEqual(
      [],
    );
    expect(messageComparisons(`if (message === undefined) return;`)).toEqual([]);
  });

  it('no island, store, lib module or page script compares a message', () => {
    const found: string[] = [];
    for (const dir of BROWSER_DIRS) {
      for (const path of browserFiles(join(src, dir))) {
        for (const hit of messageComparisons(browserCode(path))) found.push(`${relative(src, path)}:${hit}`);
      }
    }
    expect(found).toEqual([]);
  });
});
