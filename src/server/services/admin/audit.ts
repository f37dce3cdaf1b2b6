import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentChanges, users } from '@/server/db/schema/index';

/** A transaction or the database: audit rows are written inside the edit's transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Editor {
  id: number;
}

export type ContentEntity =
  | 'static_page'
  | 'faq'
  | 'featured_category'
  | 'settings'
  | 'home_hero'
  | 'translation'
  | 'user_role'
  | 'product'
  | 'catalog_import'
  | 'category'
  | 'promo_code'
  | 'shipping'
  | 'currency'
  | 'vat_rate'
  | 'media_asset'
  | 'mail'
  | 'attribute';

/** One row per admin write: who, when (the database clock), what. */
export async function recordChange(
  tx: Tx,
  editor: Editor | null,
  entity: ContentEntity,
  entityId: string | number,
  action: string,
  summary: string,
): Promise<void> {
  await tx
    .insert(contentChanges)
    .values({ userId: editor?.id ?? null, entity, entityId: String(entityId), action, summary });
}

/** The fields of `patch` that were given, for a change summary: "title, content". */
export function changedFields(patch: Record<string, unknown>): string {
  return Object.keys(patch)
    .filter((k) => patch[k] !== undefined)
    .join(', ');
}

/** The newest changes with the editor's address, for the admin overview. */
export async function recentChanges(db: Db, limit = 20) {
  return db
    .select({
      id: contentChanges.id,
      entity: contentChanges.entity,
      entityId: contentChanges.entityId,
      action: contentChanges.action,
      summary: contentChanges.summary,
      createdAt: contentChanges.createdAt,
      email: users.email,
    })
    .from(contentChanges)
    .leftJoin(users, eq(users.id, contentChanges.userId))
    .orderBy(desc(contentChanges.id))
    .limit(limit);
}

/** The defined entries only: drizzle refuses an update whose values are all undefined. */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
