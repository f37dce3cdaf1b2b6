import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { categories, categoryTranslations, languages } from '@/server/db/schema/index';
import { getCategoryTree, getTopLevelCategories } from '@/server/services/categories';
import { createTestDatabase } from '../helpers/db';

let database: Database;
let lang: { en: number; de: number };

beforeAll(async () => {
  database = await createTestDatabase({ seed: 'none' });
  const db = database.db;
  const langRows = await db
    .insert(languages)
    .values([
      { code: 'en', title: 'English', isDefault: true },
      { code: 'de', title: 'Deutsch', position: 1 },
    ])
    .returning();
  lang = Object.fromEntries(langRows.map((r) => [r.code, r.id])) as typeof lang;
  const [outdoor, computers] = await db
    .insert(categories)
    .values([
      { slug: 'outdoor-adventure', name: 'Outdoor Adventure', position: 1 },
      { slug: 'computer-equipment', name: 'Computer Equipment', position: 2 },
    ])
    .returning();
  const [tents] = await db
    .insert(categories)
    .values([
      { slug: 'tents', name: 'Tents', parentId: outdoor!.id, position: 2 },
      { slug: 'backpacks', name: 'Backpacks', parentId: outdoor!.id, position: 1 },
      { slug: 'keyboards', name: 'Keyboards', parentId: computers!.id, position: 1 },
    ])
    .returning();
  await db.insert(categories).values({ slug: 'dome-tents', name: 'Dome Tents', parentId: tents!.id });
  await db.insert(categoryTranslations).values([
    { categoryId: outdoor!.id, languageId: lang.de, name: 'Outdoor-Abenteuer' },
    { categoryId: tents!.id, languageId: lang.de, name: 'Zelte' },
  ]);
});

afterAll(async () => {
  await database.close();
});

describe('getCategoryTree', () => {
  it('nests categories by parent in position order, with list URLs', async () => {
    const tree = await getCategoryTree(database.db, lang.en);
    expect(tree.map((c) => c.slug)).toEqual(['outdoor-adventure', 'computer-equipment']);
    const outdoor = tree[0]!;
    expect(outdoor).toMatchObject({ name: 'Outdoor Adventure', parentId: 0, url: '/products/outdoor-adventure/all' });
    expect(outdoor.subcategories.map((c) => c.slug)).toEqual(['backpacks', 'tents']);
    const tents = outdoor.subcategories[1]!;
    expect(tents).toMatchObject({ parentId: outdoor.id, url: '/products/outdoor-adventure/tents' });
    expect(tents.subcategories[0]).toMatchObject({ slug: 'dome-tents', url: '/products/outdoor-adventure/dome-tents' });
  });

  it('uses the translation and falls back to the base row where there is none', async () => {
    const tree = await getCategoryTree(database.db, lang.de);
    expect(tree.map((c) => c.name)).toEqual(['Outdoor-Abenteuer', 'Computer Equipment']);
    expect(tree[0]!.subcategories.map((c) => c.name)).toEqual(['Backpacks', 'Zelte']);
  });
});

describe('getTopLevelCategories', () => {
  it('lists only top-level categories, translated', async () => {
    const top = await getTopLevelCategories(database.db, lang.de);
    expect(top.map((c) => [c.name, c.url, c.subcategories.length])).toEqual([
      ['Outdoor-Abenteuer', '/products/outdoor-adventure/all', 0],
      ['Computer Equipment', '/products/computer-equipment/all', 0],
    ]);
  });
});
