/**
 * Staff edit attribute group, option and country names per language (issue 29, ADR 041), on a
 * real database (both engines with TEST_DATABASE_URL): a save shows in the storefront's answers
 * in that language at once (the catalogue meta cache is dropped), an empty name falls back to the
 * default name, parallel saves of one name leave one row, and the permissions hold (`catalog` for
 * attributes, `prices` for countries).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { attributeGroupTranslations, contentChanges } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'name-texts');
let fx: CommerceFixture;
let admin: ApiSession;

interface CatalogProduct {
  id: number;
  variations: { attributes: { id: number; name: string; attribute_group: { id: number; name: string } }[] }[];
}

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  admin = (await h.signedIn('admin')).session;
});

/** The names a German shopper's catalogue answer shows for a group and an option. */
async function germanNames(groupId: number, optionId: number) {
  const answer = await createApiSession(api).get(`/api/products/catalog?per_page=60&lang_id=${fx.catalog.lang.de}`);
  expect(answer.status).toBe(200);
  const attributes = (answer.body.payload as CatalogProduct[])
    .flatMap((p) => p.variations)
    .flatMap((v) => v.attributes);
  return {
    group: attributes.find((a) => a.attribute_group.id === groupId)?.attribute_group.name,
    option: attributes.find((a) => a.id === optionId)?.name,
  };
}

describe('PUT /api/admin/attributes/…/texts', () => {
  it('a German group and option name shows in the German catalogue at once; emptied, the English one returns', async () => {
    const group = fx.catalog.group.colour;
    const option = fx.catalog.attr.red;
    const read = await admin.get(`/api/admin/attributes/groups/${group}/texts`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.payload).toMatchObject({ id: group, name: 'Colour' });
    expect((read.body.payload as { texts: { code: string }[] }).texts.map((t) => t.code)).toEqual(['de']);
    // The catalogue answer is cached before the edit: the save must drop it.
    expect(await germanNames(group, option)).toEqual({ group: expect.any(String), option: expect.any(String) });

    const saved = await admin.put(`/api/admin/attributes/groups/${group}/texts`, { texts: { de: ' Farbton ' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Names saved.',
      payload: { id: group, name: 'Colour', texts: [{ code: 'de', name: 'Farbton' }] },
    });
    const savedOption = await admin.put(`/api/admin/attributes/options/${option}/texts`, { texts: { de: 'Rötlich' } });
    expect(savedOption.status, JSON.stringify(savedOption.body)).toBe(200);
    expect(await germanNames(group, option)).toEqual({ group: 'Farbton', option: 'Rötlich' });

    const emptied = await admin.put(`/api/admin/attributes/groups/${group}/texts`, { texts: { de: '' } });
    expect(emptied.status).toBe(200);
    expect(emptied.body.payload).toMatchObject({ texts: [{ code: 'de', name: '' }] });
    expect((await germanNames(group, option)).group).toBe('Colour');
    const audit = await db()
      .select({ entityId: contentChanges.entityId, action: contentChanges.action })
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'attribute'), eq(contentChanges.entityId, `group:${group}`)));
    expect(audit).toEqual([
      { entityId: `group:${group}`, action: 'texts' },
      { entityId: `group:${group}`, action: 'texts' },
    ]);
  });

  it('parallel saves of one name leave one row with one of the names', async () => {
    const group = fx.catalog.group.size;
    const answers = await Promise.all(
      ['Größe A', 'Größe B', 'Größe C', 'Größe D'].map((name) =>
        admin.put(`/api/admin/attributes/groups/${group}/texts`, { texts: { de: name } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const rows = await db()
      .select({ name: attributeGroupTranslations.name })
      .from(attributeGroupTranslations)
      .where(
        and(
          eq(attributeGroupTranslations.groupId, group),
          eq(attributeGroupTranslations.languageId, fx.catalog.lang.de),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(['Größe A', 'Größe B', 'Größe C', 'Größe D']).toContain(rows[0]!.name);
  });

  it('an unknown language, the default language and an unknown id write nothing', async () => {
    const path = `/api/admin/attributes/groups/${fx.catalog.group.colour}/texts`;
    expect((await admin.put(path, { texts: { xx: 'X' } })).body).toMatchObject({
      message: 'Unknown language.',
    });
    expect((await admin.put(path, { texts: { en: 'Hue' } })).status).toBe(422);
    const missing = await admin.put('/api/admin/attributes/options/999999/texts', { texts: { de: 'X' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Option not found.');
  });
});

describe('PUT /api/admin/shipping/countries/:id/texts', () => {
  it("a country's German name reaches /api/countries in German at once", async () => {
    const listed = async () =>
      (
        (await createApiSession(api).get(`/api/countries?lang_id=${fx.catalog.lang.de}`)).body.payload as {
          id: number;
          name: string;
        }[]
      ).find((c) => c.id === fx.country.nl)?.name;
    expect(await listed()).toBe('Netherlands');
    const saved = await admin.put(`/api/admin/shipping/countries/${fx.country.nl}/texts`, {
      texts: { de: 'Niederlande' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload).toMatchObject({ name: 'Netherlands', texts: [{ code: 'de', name: 'Niederlande' }] });
    expect(await listed()).toBe('Niederlande');
  });
});

describe('permissions', () => {
  it('staff edit attribute names but not country names; editors neither', async () => {
    const staff = (await h.signedIn('staff')).session;
    const editor = (await h.signedIn('editor')).session;
    const body = { texts: { de: 'Farbe' } };
    expect((await staff.put(`/api/admin/attributes/groups/${fx.catalog.group.colour}/texts`, body)).status).toBe(200);
    expect((await staff.put(`/api/admin/shipping/countries/${fx.country.de}/texts`, body)).status).toBe(403);
    expect((await editor.put(`/api/admin/attributes/groups/${fx.catalog.group.colour}/texts`, body)).status).toBe(403);
    expect((await editor.get(`/api/admin/shipping/countries/${fx.country.de}/texts`)).status).toBe(403);
  });
});
