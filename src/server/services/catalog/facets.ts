import { type SQL, sql } from 'drizzle-orm';
import { type ResolvedFilter, attrCondition } from './filters';
import type { CatalogMeta } from './meta';
import type { Facet } from '@/lib/contract/catalog';

/** An attribute group with its options' counts: the contract's shape (src/lib/contract/catalog.ts). */
export type { Facet };

/**
 * Attribute facet counts as SQL over a CTE `fbase(id, attrs)` (the products of the current filter
 * without any attribute selection, with their `products.attribute_ids`). Each group's counts use
 * the whole current filter except that group's own selection (so picking "Red" still shows how
 * many are "Blue"); groups without a selection share one count over the full filter (k = 0). A
 * product counts once per attribute however many of its variations carry it: the array holds each
 * attribute once, so count(*) over its elements is a count of products. Rows: (k, a, n).
 */
export function facetCountsSql(meta: CatalogMeta, f: ResolvedFilter): SQL {
  const selected = [...f.attrGroups.keys()];
  const chosen = (groups: number[]) => groups.map((g) => attrCondition(sql`b.attrs`, f.attrGroups.get(g)!));
  const sets = [
    sql`select 0 as k, a, count(*)::int as n from fbase b cross join unnest(b.attrs) a
      ${selected.length ? sql`where ${sql.join(chosen(selected), sql` and `)}` : sql``}
      group by a`,
    ...selected.map((groupId) => {
      const others = chosen(selected.filter((g) => g !== groupId));
      const own = [...meta.attributes.values()].filter((a) => a.groupId === groupId).map((a) => sql`${a.id}`);
      return sql`select ${groupId}::int as k, a, count(*)::int as n from fbase b cross join unnest(b.attrs) a
        where a in (${sql.join(own, sql`, `)}) ${others.length ? sql`and ${sql.join(others, sql` and `)}` : sql``}
        group by a`;
    }),
  ];
  return sql.join(sets, sql` union all `);
}

/** Groups in position order with their options that occur (or are chosen). */
export function shapeFacets(meta: CatalogMeta, f: ResolvedFilter, rows: readonly [number, number, number][]): Facet[] {
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
      .map((a) => ({ id: a.id, name: a.name, count: counts.get(`${key}:${a.id}`) ?? 0 }))
      .filter((o) => o.count > 0 || chosen.includes(o.id));
    if (options.length) facets.push({ group: { id: group.id, name: group.name }, options });
  }
  return facets;
}
