/**
 * Staff edit the names of attribute groups, options and countries per language (ADR 041, issue
 * 29). The default language's name stays in the row itself; another language's name is a
 * *_translations row, removed when staff empty it (the default name shows again).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { NameTexts, NameTextsInput } from '@/lib/contract/admin/name-texts';
import type { Db } from '@/server/db/client';
import {
  attributeGroupTranslations,
  attributeGroups,
  attributeTranslations,
  attributes,
  countries,
  countryTranslations,
} from '@/server/db/schema/index';
import { contentChanged } from '@/server/services/content-changed';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { type Editor, type Tx, recordChange } from '../audit';
import { adminLanguages } from '../languages';

type Kind = 'group' | 'option' | 'country';

const KINDS = {
  group: {
    base: attributeGroups,
    texts: attributeGroupTranslations,
    owner: attributeGroupTranslations.groupId,
    notFound: 'admin.api.attributeGroupNotFound',
    entity: 'attribute',
  },
  option: {
    base: attributes,
    texts: attributeTranslations,
    owner: attributeTranslations.attributeId,
    notFound: 'admin.api.attributeNotFound',
    entity: 'attribute',
  },
  country: {
    base: countries,
    texts: countryTranslations,
    owner: countryTranslations.countryId,
    notFound: 'admin.api.countryNotFound',
    entity: 'shipping',
  },
} as const;

async function baseName(db: Db | Tx, kind: Kind, id: number, lock: boolean): Promise<string> {
  const { base, notFound } = KINDS[kind];
  const query = db.select({ name: base.name }).from(base).where(eq(base.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(localized(notFound));
  return row.name;
}

/** The default name and each non-default language's own text ('' where it has none). */
export async function readNameTexts(db: Db | Tx, kind: Kind, id: number): Promise<NameTexts> {
  const name = await baseName(db, kind, id, false);
  const { texts, owner } = KINDS[kind];
  const rows = await db.select({ languageId: texts.languageId, name: texts.name }).from(texts).where(eq(owner, id));
  const own = new Map(rows.map((r) => [r.languageId, r.name]));
  const languages = await adminLanguages(db as Db);
  return {
    id,
    name,
    texts: languages.all
      .filter((l) => l.id !== languages.default.id)
      .map((l) => ({ language_id: l.id, code: l.code, title: l.title, name: own.get(l.id) ?? '' })),
  };
}

/**
 * Writes the named languages' texts (the default language's name is the row's, edited with it). The
 * row is locked so two saves of the same names apply one after the other. The catalogue's meta
 * cache (facets, pickers, cart lines) and the country lists are dropped at once.
 */
export async function saveNameTexts(
  db: Db,
  editor: Editor,
  kind: Kind,
  id: number,
  input: NameTextsInput,
): Promise<NameTexts> {
  const languages = await adminLanguages(db);
  const byCode = new Map(languages.all.map((l) => [l.code, l]));
  const unknown = Object.keys(input.texts).filter((code) => !byCode.has(code));
  if (unknown.length > 0)
    throw new InvalidInputError(localized('admin.api.unknownLanguage'), {
      texts: [localized('admin.api.unknownLanguage')],
    });
  if (input.texts[languages.default.code] !== undefined)
    throw new InvalidInputError(localized('admin.api.defaultLanguageText'), {
      texts: [localized('admin.api.defaultLanguageText')],
    });
  const { texts, owner, entity } = KINDS[kind];
  const result = await transaction(db, async (tx) => {
    const before = await baseName(tx, kind, id, true);
    for (const [code, name] of Object.entries(input.texts)) {
      const language = byCode.get(code)!;
      if (name === '') {
        await tx.delete(texts).where(and(eq(owner, id), eq(texts.languageId, language.id)));
      } else {
        await tx
          .insert(texts)
          .values({ [ownerKey(kind)]: id, languageId: language.id, name } as never)
          .onConflictDoUpdate({ target: [owner, texts.languageId], set: { name: sql`excluded.name` } });
      }
    }
    await recordChange(
      tx,
      editor,
      entity,
      `${kind}:${id}`,
      'texts',
      `${before}: ${Object.keys(input.texts).join(', ')}`,
    );
    return readNameTexts(tx, kind, id);
  });
  await contentChanged(db, kind === 'country' ? 'content' : 'catalog');
  return result;
}

function ownerKey(kind: Kind): string {
  return kind === 'group' ? 'groupId' : kind === 'option' ? 'attributeId' : 'countryId';
}
