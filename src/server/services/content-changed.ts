import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invalidate as invalidateMessages } from '../i18n/index';
import { logger } from '../logger';
import { invalidateCatalogMeta } from './catalog/meta';
import { invalidateCatalogResults } from './catalog/catalog-cache';
import { invalidateCategories } from './categories';
import { invalidateStaticPages } from './content';
import { invalidateShopBasics } from './request-context';

type Listener = (db: Db) => void;

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
onContentChanged((db) => {
  invalidateStaticPages(db);
  invalidateCategories(db);
  invalidateShopBasics(db);
  invalidateMessages();
  invalidateCatalogResults(db);
  invalidateCatalogMeta(db);
});

/** Drops this process's content caches without telling anyone: for a change made elsewhere. */
export function contentChangedElsewhere(db: Db): void {
  for (const listener of shared.listeners) listener(db);
}

/**
 * The one call every edit of shop content makes after its transaction commits (static pages,
 * FAQs, featured categories, home texts, settings, translations, categories, products): it drops
 * every per-process cache that could still show the old content, so the next request reads the
 * database, and tells the other instances on the same PostgreSQL to do the same
 * (src/server/services/content-sync.server.ts). Cheap enough to call on every save; it does not
 * try to be selective. The promise settles once the notification is sent (never rejects): a
 * script that writes the catalogue (catalog:import, db:seed) awaits it before closing its
 * database, else the running shops would not hear of the change (issue 26).
 */
export function contentChanged(db: Db): Promise<void> {
  contentChangedElsewhere(db);
  return db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${INSTANCE_ID})`).then(
    () => undefined,
    (error: unknown) => {
      // The other instances' caches then expire by their time limits (at most 60 s; the index 5 min).
      logger.warn({ err: error }, 'content change: could not notify other instances');
    },
  );
}
