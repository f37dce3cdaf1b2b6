import type { LeafRef } from './catalog-data';
import type { Tr } from './catalog-types';
import { createRandom, hashString, type Random } from './random';
import { SPEC_LABELS, specValue } from './attribute-texts';

export interface VariationDraft {
  /** option names, one per group, in group order */
  options: string[];
  priceCents: number;
  stock: number;
}

export interface ProductDraft {
  ref: LeafRef;
  sku: string;
  slug: string;
  name: string;
  description: string;
  tr: { de: { name: string; description: string }; fr: { name: string; description: string } };
  priceCents: number;
  oldPriceCents: number;
  discountPercent: number;
  isTop: boolean;
  isNew: boolean;
  stock: number;
  createdAt: Date;
  imageCount: number;
  groups: { group: string; options: string[] }[];
  variations: VariationDraft[];
}

const SUFFIXES = ['', ' 2', ' Pro', ' Lite', ' X', ' 3', ' Plus', ' Evo', ' GT', ' Trek', ' Air', ' 4'];
const DAY = 86_400_000;

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Prices end in .99 like a real shop's. */
const retail = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

export function stockLevel(rng: Random): number {
  const roll = rng.next();
  if (roll < 0.08) return 0;
  if (roll < 0.18) return rng.int(1, 3);
  return rng.int(5, 120);
}

function description(name: string, ref: LeafRef, rng: Random, weightKg: number | undefined) {
  const { leaf } = ref;
  const intro = rng.chance(0.5)
    ? `The ${name} is built for ${leaf.use}. ${rng.pick(leaf.pitch)}`
    : `Meet the ${name}: ${rng.pick(leaf.pitch)} Ideal for ${leaf.use}.`;
  const features = rng.sample(leaf.features, rng.int(3, Math.min(5, leaf.features.length)));
  const specs: [string, string][] = leaf.specs.map(([label, values]) => [label, rng.pick(values)]);
  if (weightKg !== undefined) specs.unshift(['Weight', formatKg(weightKg)]);
  const en = [
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    ...specs.map(([label, value]) => `<p>${escapeHtml(label)}: ${escapeHtml(value)}</p>`),
    `<p>Important information: ${escapeHtml(leaf.important)}</p>`,
  ].join('\n');

  const translated = (lang: 0 | 1, trName: string) => {
    const areaFeatures = ref.area.features.map((f) => f[(lang + 1) as 1 | 2]);
    const lines = specs.map(
      ([label, value]) =>
        `<p>${escapeHtml(SPEC_LABELS[label]?.[lang] ?? label)}: ${escapeHtml(specValue(value, lang))}</p>`,
    );
    const text =
      lang === 0
        ? {
            intro: `${trName}: entwickelt für anspruchsvolle Einsätze und gefertigt aus langlebigen Materialien. Ideal für alle, die mehr aus Training und Abenteuer herausholen wollen.`,
            important: 'Wichtige Informationen: Bitte lesen Sie vor der ersten Verwendung die beiliegende Anleitung.',
          }
        : {
            intro: `${trName} : un équipement pensé pour un usage intensif et fabriqué avec des matériaux durables. Idéal pour aller plus loin, à l’entraînement comme en aventure.`,
            important: 'Informations importantes : veuillez lire la notice fournie avant la première utilisation.',
          };
    return [
      `<p>${escapeHtml(text.intro)}</p>`,
      `<ul>${areaFeatures.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
      ...lines,
      `<p>${escapeHtml(text.important)}</p>`,
    ].join('\n');
  };
  return { en, de: (n: string) => translated(0, n), fr: (n: string) => translated(1, n) };
}

function formatKg(kg: number): string {
  return kg < 1 ? `${Math.round(kg * 1000)} g` : `${kg.toFixed(1)} kg`;
}

function variationsFor(ref: LeafRef, rng: Random, basePrice: number) {
  const spec = ref.leaf.variants;
  if (!spec || !rng.chance(spec.share)) return { groups: [], variations: [] };
  const groups = spec.groups.map((g) => {
    const count = rng.int(g.pick[0], Math.min(g.pick[1], g.options.length));
    // A contiguous run looks like a real range (S–XL), not a random scatter of sizes.
    const start = rng.int(0, g.options.length - count);
    return { spec: g, options: g.options.slice(start, start + count) };
  });
  let combos: string[][] = [[]];
  for (const g of groups) combos = combos.flatMap((c) => g.options.map((o) => [...c, o]));
  const keep = combos.map(() => groups.length < 2 || !rng.chance(0.3));
  // Every offered option must stay reachable through at least one variation.
  groups.forEach((g, gi) => {
    for (const option of g.options) {
      if (!combos.some((c, ci) => keep[ci] && c[gi] === option)) {
        keep[combos.findIndex((c) => c[gi] === option)] = true;
      }
    }
  });
  // With two groups the picker must have something to disable: drop one combination whose
  // options remain available through others.
  if (groups.length >= 2 && keep.every(Boolean) && combos.length >= 4) {
    const removable = combos.findIndex((c) =>
      c.every((option, gi) => combos.some((other, oi) => other !== c && keep[oi] && other[gi] === option)),
    );
    if (removable >= 0) keep[removable] = false;
  }
  const variations = combos
    .filter((_, i) => keep[i])
    .map((options) => ({
      options,
      priceCents: retail(
        basePrice + groups.reduce((sum, g, gi) => sum + (g.spec.step ?? 0) * g.spec.options.indexOf(options[gi]!), 0),
      ),
      stock: stockLevel(rng),
    }));
  return { groups: groups.map((g) => ({ group: g.spec.group, options: g.options })), variations };
}

/** Expands the hand-written catalogue into products; pure and deterministic given `now`. */
export function generateProducts(refs: LeafRef[], perLeaf: number, now: Date): ProductDraft[] {
  const names = new Set<string>();
  const products: ProductDraft[] = [];
  for (const ref of refs) {
    const rng = createRandom(hashString(ref.leaf.slug));
    for (let i = 0; i < perLeaf; i++) {
      const type: Tr = rng.pick(ref.leaf.types);
      let brand = '';
      let model = '';
      for (let attempt = 0; attempt < 50; attempt++) {
        brand = rng.pick(ref.leaf.brands);
        model = `${rng.pick(ref.leaf.models)}${rng.pick(SUFFIXES)}`;
        if (!names.has(`${brand} ${model} ${type[0]}`)) break;
      }
      const name = `${brand} ${model} ${type[0]}`;
      names.add(name);
      const index = products.length + 1;
      const [minEur, maxEur] = ref.leaf.price;
      // Skewed towards the cheaper end, as real assortments are.
      const base = Math.round((minEur + (maxEur - minEur) * rng.next() ** 1.6) * 100);
      const { groups, variations } = variationsFor(ref, rng, base);
      const priceCents = variations.length ? Math.min(...variations.map((v) => v.priceCents)) : retail(base);
      let oldPriceCents = 0;
      let discountPercent = 0;
      if (rng.chance(0.22)) {
        const target = rng.pick([10, 15, 20, 25, 30, 40, 50]);
        oldPriceCents = retail((priceCents * 100) / (100 - target));
        if (oldPriceCents <= priceCents) oldPriceCents = priceCents + 500;
        discountPercent = Math.round(((oldPriceCents - priceCents) / oldPriceCents) * 100);
      }
      const ageDays = rng.int(0, 364);
      const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 23) * 3_600_000);
      const weight = ref.leaf.weightKg;
      const weightKg = weight ? weight[0] + (weight[1] - weight[0]) * rng.next() : undefined;
      const desc = description(name, ref, rng, weightKg);
      const nameDe = `${brand} ${model} ${type[1]}`;
      const nameFr = `${type[2]} ${brand} ${model}`;
      products.push({
        ref,
        sku: `GS-${String(index).padStart(5, '0')}`,
        slug: `${slugify(name)}-${index}`,
        name,
        description: desc.en,
        tr: { de: { name: nameDe, description: desc.de(nameDe) }, fr: { name: nameFr, description: desc.fr(nameFr) } },
        priceCents,
        oldPriceCents,
        discountPercent,
        isTop: rng.chance(0.12),
        isNew: ageDays < 60,
        stock: variations.length ? variations.reduce((sum, v) => sum + v.stock, 0) : stockLevel(rng),
        createdAt,
        imageCount: rng.int(1, 4),
        groups,
        variations,
      });
    }
  }
  return products;
}
