/**
 * The `attributes:<language>` cells of a batch's variation rows (docs/catalog-csv.md): each pair
 * names the group and value of the same pair in `attributes` in that language. A part that reads
 * as the default language's name stores no text of its own (and removes one), so an exported file
 * imported again writes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  attributeGroups,
  attributeGroupTranslations,
  attributes,
  attributeTranslations,
} from '@/server/db/schema/index';
import type { Tx } from '../admin/audit';
import type { VariationRow } from './format';

type Text = { id: number; languageId: number; name: string; base: string };

/** Wanted texts by "id:languageId" (the last row naming one wins, as a later cell would). */
function wantedTexts(
  rows: readonly VariationRow[],
  languageIds: ReadonlyMap<string, number>,
  groupOf: Map<string, { id: number; name: string }>,
  valueOf: Map<string, { id: number; name: string }>,
) {
  const groups = new Map<string, Text>();
  const values = new Map<string, Text>();
  for (const row of rows) {
    for (const [code, own] of row.translatedAttributes) {
      const languageId = languageIds.get(code);
      if (languageId === undefined) continue;
      row.attributes.forEach((pair, i) => {
        const local = own[i];
        const group = groupOf.get(pair.group.toLowerCase());
        if (!local || !group) return;
        const value = valueOf.get(`${group.id}=${pair.value.toLowerCase()}`);
        groups.set(`${group.id}:${languageId}`, { id: group.id, languageId, name: local.group, base: group.name });
        if (value)
          values.set(`${value.id}:${languageId}`, { id: value.id, languageId, name: local.value, base: value.name });
      });
    }
  }
  return { groups: [...groups.values()], values: [...values.values()] };
}

export async function applyAttributeTexts(
  tx: Tx,
  rows: readonly VariationRow[],
  languageIds: ReadonlyMap<string, number>,
): Promise<void> {
  if (!rows.some((r) => r.translatedAttributes.size)) return;
  const [groupRows, valueRows, groupTexts, valueTexts] = await Promise.all([
    tx.select().from(attributeGroups),
    tx.select().from(attributes),
    tx.select().from(attributeGroupTranslations),
    tx.select().from(attributeTranslations),
  ]);
  const groupOf = new Map(groupRows.map((g) => [g.name.toLowerCase(), g]));
  const valueOf = new Map(valueRows.map((a) => [`${a.groupId}=${a.name.toLowerCase()}`, a]));
  const { groups, values } = wantedTexts(rows, languageIds, groupOf, valueOf);
  const storedGroup = new Map(groupTexts.map((t) => [`${t.groupId}:${t.languageId}`, t.name]));
  const storedValue = new Map(valueTexts.map((t) => [`${t.attributeId}:${t.languageId}`, t.name]));
  for (const t of groups) {
    const stored = storedGroup.get(`${t.id}:${t.languageId}`);
    if (t.name === t.base || t.name === '') {
      if (stored !== undefined)
        await tx
          .delete(attributeGroupTranslations)
          .where(
            and(eq(attributeGroupTranslations.groupId, t.id), eq(attributeGroupTranslations.languageId, t.languageId)),
          );
    } else if (stored !== t.name)
      await tx
        .insert(attributeGroupTranslations)
        .values({ groupId: t.id, languageId: t.languageId, name: t.name })
        .onConflictDoUpdate({
          target: [attributeGroupTranslations.groupId, attributeGroupTranslations.languageId],
          set: { name: sql`excluded.name` },
        });
  }
  for (const t of values) {
    const stored = storedValue.get(`${t.id}:${t.languageId}`);
    if (t.name === t.base || t.name === '') {
      if (stored !== undefined)
        await tx
          .delete(attributeTranslations)
          .where(and(eq(attributeTranslations.attributeId, t.id), eq(attributeTranslations.languageId, t.languageId)));
    } else if (stored !== t.name)
      await tx
        .insert(attributeTranslations)
        .values({ attributeId: t.id, languageId: t.languageId, name: t.name })
        .onConflictDoUpdate({
          target: [attributeTranslations.attributeId, attributeTranslations.languageId],
          set: { name: sql`excluded.name` },
        });
  }
}
