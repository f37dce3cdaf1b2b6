import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invalidate as invalidateMessages } from '../i18n/index';
import { logger } from '../logger';
import { invalidateCatalogMeta } from './catalog/meta';
import { invalidateCatalogResults } from './catalog/catalog-cache';
import { purgeForChange } from './cdn';
import { invalidateCategories } from './categories';
import { invalidateStaticPages } from './content';
import { invalidateShopBasics } from './request-context';

/**
 * What an edit may have changed, for the catalogue index (catalog/catalog-index.ts), which holds
 * the filter columns of every product: 'content' leaves them all alone (pages, FAQs, settings...),
 * `{ products }` changed only those products, 'catalog' (the default) possibly any product.
 */
export type ChangeScope = 'content' | 'catalog' | { products: readonly number[] };

type Listener = (db: Db, scope: ChangeScope) => void;

/** PostgreSQL channel on which instances tell each other that content changed. */
export const CONTENT_CHANNEL = 'gear_shop_content';

/**
 * Shared through globalThis: the start script and the built Astro bundle each load their own
 * copy of this module (and of every cache), and an edit must reach the caches of both copies.
 */
const KEY = Symbol.for('gear-shop.content-changed');
type Shared = { listeners: Set<Listener>; instanceId: string };
const holder = globalThis as { [KEY]?: Shared };
const shared = (holder[KEY] ??= { listeners: new Set(), instanceId: randomUUID() });

/** This instance's name in notifications, so it can ignore its own. */
export const INSTANCE_ID = shared.instanceId;

/** Later caches (rendered pages) register here instead of being imported by every editor route. */
export function onContentChanged(listener: Listener): () => void {
  shared.listeners.add(listener);
  return () => shared.listeners.delete(listener);
}

// This copy's own caches.
onContentChanged((db, scope) => {
  invalidateStaticPages(db);
  invalidateCategories(db);
  invalidateShopBasics(db);
  invalidateMessages();
  invalidateCatalogResults(
    db,
    scope === 'content' ? { keepIndex: true } : scope === 'catalog' ? {} : { products: scope.products },
  );
  invalidateCatalogMeta(db);
});

/** NOTIFY's payload limit is 8000 bytes: an edit of more products than fit is sent as 'catalog'. */
const MAX_PAYLOAD = 7_000;

/**
 * The notification's payload: this instance and the edit's scope, so that an FAQ edit on one
 * instance does not rebuild every other instance's catalogue index (issue 33).
 */
export function encodeChange(scope: ChangeScope, instance = INSTANCE_ID): string {
  const text = JSON.stringify({ i: instance, s: scope });
  return text.length <= MAX_PAYLOAD ? text : JSON.stringify({ i: instance, s: 'catalog' });
}

/**
 * A payload → its sender and scope. Anything unexpected (an older instance's bare id during a
 * rolling upgrade) is 'catalog', the scope that drops most.
 */
export function decodeChange(payload: string): { instance: string; scope: ChangeScope } {
  try {
    const { i, s } = JSON.parse(payload) as { i?: unknown; s?: unknown };
    if (typeof i !== 'string') return { instance: payload, scope: 'catalog' };
    if (s === 'content') return { instance: i, scope: 'content' };
    const products = (s as { products?: unknown } | null)?.products;
    if (Array.isArray(products) && products.every((id) => Number.isSafeInteger(id)))
      return { instance: i, scope: { products: products as number[] } };
    return { instance: i, scope: 'catalog' };
  } catch {
    return { instance: payload, scope: 'catalog' };
  }
}

/** Drops this process's content caches without telling anyone: for a change made elsewhere ('catalog' when its scope is unknown). */
export function contentChangedElsewhere(db: Db, scope: ChangeScope = 'catalog'): void {
  for (const listener of shared.listeners) listener(db, scope);
}

/**
 * The one call every edit of shop content makes after its transaction commits (static pages,
 * FAQs, featured categories, home texts, settings, translations, categories, products): it drops
 * every per-process cache that could still show the old content, so the next request reads the
 * database, and tells the other instances on the same PostgreSQL to do the same
 * (src/server/services/content-sync.server.ts). Cheap enough to call on every save; it does not
 * try to be selective, except for the catalogue index: `scope` says which products' filter
 * columns the edit may have changed (ChangeScope), so an index build under way can catch up with
 * the edit instead of starting over. The promise settles once the notification is sent (never
 * rejects): a script that writes the catalogue (catalog:import, db:seed) awaits it before closing
 * its database, else the running shops would not hear of the change (issue 26). It also purges
 * the CDN's copies of the pages the edit made stale (cdn.ts), when a purge hook is set.
 */
export function contentChanged(db: Db, scope: ChangeScope = 'catalog'): Promise<void> {
  contentChangedElsewhere(db, scope);
  const notified = db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${encodeChange(scope)})`).then(
    () => undefined,
    (error: unknown) => {
      // The other instances' caches then expire by their time limits (at most 60 s; the index 5 min).
      logger.warn({ err: error }, 'content change: could not notify other instances');
    },
  );
  // Only the instance that made the edit purges the CDN (purgeForChange never rejects).
  return Promise.all([notified, purgeForChange(db, scope)]).then(() => undefined);
}
