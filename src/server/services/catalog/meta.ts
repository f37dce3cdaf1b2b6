import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from './rows';

/**
 * Small, rarely edited tables every catalogue request needs (category tree, attribute groups and
 * attributes), cached per database for a short time like the shop basics: one query every 30 s
 * instead of joins on every request, and the category filter's descendants are computed here
 * from parent links, so it is right even for a product linked only to its leaf.
 */
export interface CategoryMeta {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  /** languageId → translated name */
  names: Map<number, string>;
  /** slug of the top-level ancestor (own slug for a top-level category), for list URLs */
  topSlug: string;
}

export interface AttributeMeta {
  id: number;
  name: string;
  groupId: number;
  position: number;
  /** languageId → translated name (absent: `name`, the default language's) */
  names?: Map<number, string>;
}

export interface GroupMeta {
  id: number;
  name: string;
  position: number;
  /** languageId → translated name (absent: `name`, the default language's) */
  names?: Map<number, string>;
}

/** A row of attribute_group_translations (k 'g') or attribute_translations (k 'a'). */
export interface AttributeTranslationRow {
  k: 'g' | 'a';
  id: number;
  l: number;
  n: string;
}

export interface CatalogMeta {
  categories: Map<number, CategoryMeta>;
  children: Map<number, number[]>;
  groups: Map<number, GroupMeta>;
  attributes: Map<number, AttributeMeta>;
}

const MAX_AGE_MS = 30_000;
const cache = new Map<Db, { promise: Promise<CatalogMeta>; loadedAt: number }>();

async function readMeta(db: Db): Promise<CatalogMeta> {
  const [row] = rowsOf<{ cats: string; trans: string; groups: string; attrs: string; attrTrans: string }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('id', id, 'parentId', parent_id, 'slug', slug, 'name', name) order by position, id), '[]') from categories)::text as cats,
        (select coalesce(json_agg(json_build_object('c', category_id, 'l', language_id, 'n', name)), '[]') from category_translations)::text as trans,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'position', position) order by position, id), '[]') from attribute_groups)::text as groups,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'groupId', group_id, 'position', position) order by position, id), '[]') from attributes)::text as attrs,
        (select coalesce(json_agg(t), '[]') from (
          select 'g' as k, group_id as id, language_id as l, name as n from attribute_group_translations
          union all select 'a', attribute_id, language_id, name from attribute_translations) t)::text as "attrTrans"`),
  );
  const cats = JSON.parse(row!.cats) as { id: number; parentId: number | null; slug: string; name: string }[];
  const trans = JSON.parse(row!.trans) as { c: number; l: number; n: string }[];
  const groups = JSON.parse(row!.groups) as GroupMeta[];
  const attrs = JSON.parse(row!.attrs) as AttributeMeta[];
  const attrTrans = JSON.parse(row!.attrTrans) as AttributeTranslationRow[];
  return buildMeta(cats, trans, groups, attrs, attrTrans);
}

export function buildMeta(
  cats: readonly { id: number; parentId: number | null; slug: string; name: string }[],
  trans: readonly { c: number; l: number; n: string }[],
  groups: readonly GroupMeta[],
  attrs: readonly AttributeMeta[],
  attrTrans: readonly AttributeTranslationRow[] = [],
): CatalogMeta {
  const categories = new Map<number, CategoryMeta>();
  const children = new Map<number, number[]>();
  for (const c of cats) {
    categories.set(c.id, { ...c, names: new Map(), topSlug: c.slug });
    if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  }
  for (const t of trans) categories.get(t.c)?.names.set(t.l, t.n);
  for (const c of categories.values()) {
    let top = c;
    const seen = new Set<number>();
    while (top.parentId !== null && !seen.has(top.id)) {
      seen.add(top.id);
      const parent = categories.get(top.parentId);
      if (!parent) break;
      top = parent;
    }
    c.topSlug = top.slug;
  }
  const groupMap = new Map(groups.map((g) => [g.id, { ...g, names: new Map<number, string>() }]));
  const attrMap = new Map(attrs.map((a) => [a.id, { ...a, names: new Map<number, string>() }]));
  for (const t of attrTrans) (t.k === 'g' ? groupMap : attrMap).get(t.id)?.names.set(t.l, t.n);
  return { categories, children, groups: groupMap, attributes: attrMap };
}

/** An attribute group's or attribute's name in a language, falling back to the default language's (as content does). */
export function localName(item: { name: string; names?: Map<number, string> }, languageId: number): string {
  return item.names?.get(languageId) || item.name;
}

export function loadCatalogMeta(db: Db, now = Date.now()): Promise<CatalogMeta> {
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt < MAX_AGE_MS) return cached.promise;
  const fresh = { promise: readMeta(db), loadedAt: now };
  cache.set(db, fresh);
  fresh.promise.catch(() => {
    if (cache.get(db) === fresh) cache.delete(db);
  });
  return fresh.promise;
}

/** After an edit of categories or attributes; without a db, for every database. */
export function invalidateCatalogMeta(db?: Db): void {
  if (db) cache.delete(db);
  else cache.clear();
}

/** The ids themselves plus all their descendants (cycle-safe). Unknown ids are kept: they match nothing. */
export function withDescendants(meta: CatalogMeta, ids: readonly number[]): number[] {
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(meta.children.get(id) ?? []));
  }
  return [...out].sort((a, b) => a - b);
}

export function categoryName(meta: CatalogMeta, id: number, languageId: number): string {
  const c = meta.categories.get(id);
  return c ? (c.names.get(languageId) ?? c.name) : '';
}

/** Same URL scheme as services/categories.ts: /products/<top>/all, deeper ones /products/<top>/<slug>. */
export function categoryUrl(c: CategoryMeta): string {
  return c.parentId === null
    ? `/products/${encodeURIComponent(c.slug)}/all`
    : `/products/${encodeURIComponent(c.topSlug)}/${encodeURIComponent(c.slug)}`;
}
