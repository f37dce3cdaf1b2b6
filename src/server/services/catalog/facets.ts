import type { ResolvedFilter } from './filters';
import { type CatalogMeta, localName } from './meta';
import type { Facet } from '@/lib/contract/catalog';

/** An attribute group with its options' counts: the contract's shape (src/lib/contract/catalog.ts). */
export type { Facet };

/** Groups in position order with their options that occur (or are chosen). */
export function shapeFacets(meta: CatalogMeta, f: ResolvedFilter, rows: readonly [number, number, number][]): Facet[] {
  const { languageId } = f;
  const counts = new Map<string, number>();
  for (const [k, a, n] of rows) counts.set(`${Number(k)}:${Number(a)}`, Number(n));

  const facets: Facet[] = [];
  const groups = [...meta.groups.values()].sort((x, y) => x.position - y.position || x.id - y.id);
  for (const group of groups) {
    const chosen = f.attrGroups.get(group.id) ?? [];
    const key = chosen.length ? group.id : 0;
    const options = [...meta.attributes.values()]
      .filter((a) => a.groupId === group.id)
      .sort((x, y) => x.position - y.position || x.id - y.id)
      .map((a) => ({ id: a.id, name: localName(a, languageId), count: counts.get(`${key}:${a.id}`) ?? 0 }))
      .filter((o) => o.count > 0 || chosen.includes(o.id));
    if (options.length) facets.push({ group: { id: group.id, name: localName(group, languageId) }, options });
  }
  return facets;
}
