// @ts-check
/**
 * `npm run check:boundaries`: the import rules of .dependency-cruiser.cjs over src/ and scripts/.
 *
 * dependency-cruiser reads .ts, .tsx and .mjs but not .astro, so this script reads the imports of
 * every .astro file itself and holds them to the same rules: the frontmatter runs on the server
 * like any page module, and each bundled <script> block runs in the browser, so its imports are
 * browser entry points for the rules that follow imports transitively (`reachable`), exactly like
 * the islands. Exits 1 on any violation.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
/** @type {{ forbidden: Rule[] }} */
const config = createRequire(import.meta.url)(CONFIG);

/**
 * @typedef {{ path?: string | string[]; pathNot?: string | string[]; reachable?: boolean }} Matcher
 * @typedef {{ name: string; comment?: string; from: Matcher; to: Matcher }} Rule
 * @typedef {{ rule: string; from: string; to: string; via?: string[] }} Violation
 */

const toPosix = (/** @type {string} */ path) => path.split(sep).join('/');

/** @param {string | string[] | undefined} patterns */
function regexes(patterns) {
  return (patterns === undefined ? [] : Array.isArray(patterns) ? patterns : [patterns]).map((p) => new RegExp(p));
}

/** @param {Matcher} matcher @param {string} path */
function matches(matcher, path) {
  const wanted = regexes(matcher.path);
  if (wanted.length > 0 && !wanted.some((re) => re.test(path))) return false;
  return !regexes(matcher.pathNot).some((re) => re.test(path));
}

// 1. dependency-cruiser over the modules it can read.
/** @type {any} */
let cruise;
try {
  const out = execFileSync(
    join(ROOT, 'node_modules', '.bin', 'depcruise'),
    ['src', 'scripts', '--config', CONFIG, '--output-type', 'json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cruise = JSON.parse(out);
} catch (error) {
  // depcruise exits non-zero when it found violations; its JSON is on stdout all the same.
  const stdout = /** @type {{ stdout?: string }} */ (error).stdout;
  if (!stdout) throw error;
  cruise = JSON.parse(stdout);
}

/** @type {Violation[]} */
const violations = (cruise.summary.violations ?? []).map((/** @type {any} */ v) => ({
  rule: v.rule.name,
  from: v.from,
  to: v.to,
  via: v.via?.map((/** @type {any} */ step) => step.name ?? step),
}));

/** module → the modules it imports, for following browser entry points of .astro scripts. */
/** @type {Map<string, string[]>} */
const graph = new Map(
  cruise.modules.map((/** @type {any} */ m) => [m.source, m.dependencies.map((/** @type {any} */ d) => d.resolved)]),
);

// 2. .astro files.
/**
 * tsconfig path aliases ("@/*": ["./src/*"]), so an alias resolves like a relative import. tsconfig is
 * JSONC (it has comments), so TypeScript's own reader parses it; an unreadable tsconfig stops the
 * check instead of silently leaving every aliased import of an .astro file unchecked.
 */
function aliases() {
  const file = join(ROOT, 'tsconfig.json');
  const { config: tsconfig, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8'));
  if (error || !tsconfig)
    throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(error?.messageText, '\n')}`);
  /** @type {Record<string, string[]>} */
  const paths = tsconfig.compilerOptions?.paths ?? {};
  const base = tsconfig.compilerOptions?.baseUrl ?? '.';
  const entries = Object.entries(paths).map(([key, targets]) => ({
    prefix: key.replace(/\*$/, ''),
    target: join(ROOT, base, String(targets[0]).replace(/\*$/, '')),
  }));
  if (entries.length === 0)
    throw new Error('tsconfig.json declares no path aliases; check-boundaries expects @/ and ~/');
  return entries;
}
const ALIASES = aliases();
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts', '/index.tsx'];

/** @param {string} from absolute file @param {string} specifier @returns {string | null} repo-relative */
function resolveImport(from, specifier) {
  let base = null;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const alias = ALIASES.find((a) => specifier.startsWith(a.prefix));
    if (alias) base = join(alias.target, specifier.slice(alias.prefix.length));
  }
  if (base === null) return null; // a package or a virtual module (astro:*)
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return toPosix(relative(ROOT, candidate));
  }
  return toPosix(relative(ROOT, base));
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** @param {string} code */
function specifiers(code) {
  return [...code.matchAll(IMPORT), ...code.matchAll(DYNAMIC_IMPORT)].map((m) => /** @type {string} */ (m[1]));
}

/** The frontmatter, and the <script> blocks Astro bundles (not is:inline, JSON-LD or the like). */
/** @param {string} text */
function astroParts(text) {
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\S/.test((m[1] ?? '').replace(/\blang=["']ts["']/, '')))
    .map((m) => m[2] ?? '');
  return { front, scripts };
}

/** @param {string} dir @returns {string[]} */
function astroFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

const direct = config.forbidden.filter((rule) => !rule.to.reachable);
// The rules that follow imports are the browser's: <script> imports are entry points for them.
const transitive = config.forbidden.filter((rule) => rule.to.reachable);

/** @param {string} start @returns {Map<string, string[]>} reachable module → path to it */
function reachableFrom(start) {
  const paths = new Map([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    for (const next of graph.get(current) ?? []) {
      if (paths.has(next)) continue;
      paths.set(next, [...(paths.get(current) ?? []), next]);
      queue.push(next);
    }
  }
  return paths;
}

const astro = astroFiles(join(ROOT, 'src'));
for (const file of astro) {
  const from = toPosix(relative(ROOT, file));
  const { front, scripts } = astroParts(readFileSync(file, 'utf8'));
  for (const specifier of specifiers(front)) {
    const to = resolveImport(file, specifier);
    if (to === null) continue;
    for (const rule of direct) {
      if (matches(rule.from, from) && matches(rule.to, to)) violations.push({ rule: rule.name, from, to });
    }
  }
  for (const specifier of scripts.flatMap(specifiers)) {
    const entry = resolveImport(file, specifier);
    if (entry === null) continue;
    for (const [module, path] of reachableFrom(entry)) {
      for (const rule of transitive) {
        if (matches({ ...rule.to, reachable: undefined }, module)) {
          violations.push({ rule: rule.name, from: `${from} <script>`, to: module, via: path });
        }
      }
    }
  }
}

for (const v of violations) {
  console.error(`  error ${v.rule}: ${v.from} → ${v.to}`);
  if (v.via && v.via.length > 1) console.error(`      via ${v.via.join(' → ')}`);
}
const why = new Map(config.forbidden.map((rule) => [rule.name, rule.comment ?? '']));
for (const name of new Set(violations.map((v) => v.rule))) console.error(`\n  ${name}: ${why.get(name)}`);
console.log(
  `${violations.length === 0 ? '✔' : '✘'} ${violations.length} boundary violations ` +
    `(${cruise.summary.totalCruised} modules and ${astro.length} .astro files checked against .dependency-cruiser.cjs)`,
);
process.exit(violations.length === 0 ? 0 : 1);
