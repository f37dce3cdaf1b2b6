/**
 * `npx tsx bench/lib/catalog-index-synthetic.ts [--products=1000000]`: the in-memory side of the
 * catalogue index (issue 18, ADR 005) without a database: assembles an index of N synthetic
 * products (bench-like shape: 2 categories of 60, 6 attributes of 200, 10 % new, 20 % on sale),
 * reports its heap size and the time of the filters the HTTP bench cannot reach at 1 000 000
 * (seeding that many takes hours on the shared machine): a broad category, flags, attribute facets
 * and a 30 000-product text match, each set built and summarised as a cold request would.
 */
import { assemble } from '@/server/services/catalog/catalog-index';
import { setFromIndex } from '@/server/services/catalog/indexed-set';
import { summarise } from '@/server/services/catalog/filtered-set';
import { buildMeta } from '@/server/services/catalog/meta';
import type { ResolvedFilter } from '@/server/services/catalog/filters';

const N = Number(process.argv.find((a) => a.startsWith('--products='))?.split('=')[1] ?? 1_000_000);
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

const cats = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  parentId: i < 6 ? null : (i % 6) + 1,
  slug: `c${i}`,
  name: `C${i}`,
}));
const groups = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `G${i}`, position: i }));
const attrs = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `A${i}`, groupId: (i % 10) + 1, position: i }));
const meta = buildMeta(cats, [], groups, attrs);

const chunk: number[] = [];
for (let id = 1; id <= N; id++) {
  const c = [1 + Math.floor(rand() * 60), 1 + Math.floor(rand() * 60)].sort((a, b) => a - b);
  const a = [...new Set(Array.from({ length: 6 }, () => 1 + Math.floor(rand() * 200)))].sort((x, y) => x - y);
  chunk.push(
    id,
    Math.floor(rand() * 100_000),
    (rand() < 0.1 ? 1 : 0) + (rand() < 0.2 ? 2 : 0),
    c.length,
    ...c,
    a.length,
    ...a,
  );
}
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
let t = performance.now();
const index = assemble([chunk]);
const assembleMs = performance.now() - t;
chunk.length = 0;
global.gc?.();
const bytes =
  index.ids.byteLength +
  index.prices.byteLength +
  index.flags.byteLength +
  index.catStart.byteLength +
  index.cats.byteLength +
  index.attrStart.byteLength +
  index.attrs.byteLength +
  index.rowOf.byteLength;
console.log(
  `${N} products: assemble ${assembleMs.toFixed(0)} ms, index ${(bytes / 1048576).toFixed(1)} MiB (heap+buffers before ${(heapBefore / 1048576).toFixed(0)} MiB)`,
);

const base: ResolvedFilter = {
  search: null,
  languageId: 1,
  defaultLanguage: true,
  minEur: null,
  maxEur: null,
  categoryIds: null,
  isNew: false,
  sale: false,
  attrGroups: new Map(),
};
const text = { ids: Int32Array.from({ length: 30_000 }, () => 1 + Math.floor(rand() * N)), ranks: new Float64Array(0) };
const cases: [string, ResolvedFilter, boolean][] = [
  ['whole catalogue, price bounds', { ...base, minEur: 1000, maxEur: 50_000 }, false],
  ['top category (with 9 subcategories)', { ...base, categoryIds: [1], minEur: 1000 }, false],
  ['new + sale', { ...base, isNew: true, sale: true }, false],
  [
    'category + 2 attribute groups',
    {
      ...base,
      categoryIds: [2],
      attrGroups: new Map([
        [1, [1, 11]],
        [2, [2]],
      ]),
    },
    false,
  ],
  [
    'text match of 30 000 + category + attrs',
    {
      ...base,
      search: { text: 'x', tsquery: 'x:*', exact: 'x', config: 'english', fuzzy: false },
      categoryIds: [3],
      attrGroups: new Map([[1, [1]]]),
    },
    true,
  ],
];
for (const [label, f, withText] of cases) {
  const times: number[] = [];
  const setTimes: number[] = [];
  for (let run = 0; run < 7; run++) {
    t = performance.now();
    const set = setFromIndex(index, meta, f, withText ? text : null, false);
    setTimes.push(performance.now() - t);
    const summary = summarise(set, meta, f, 'asc', 1500);
    times.push(performance.now() - t);
    if (run === 0)
      console.log(
        `  ${label}: ${set.rows?.length ?? set.ids.length} in the set, total ${summary.total}, ${summary.facetRows.length} facet rows`,
      );
  }
  times.sort((a, b) => a - b);
  setTimes.sort((a, b) => a - b);
  console.log(
    `  ${label}: median ${times[3]!.toFixed(1)} ms (set ${setTimes[3]!.toFixed(1)}), max ${times[6]!.toFixed(1)} ms`,
  );
}
