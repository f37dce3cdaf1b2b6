import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { appSecrets } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { randomToken } from './crypto';

const LINK_KEY = 'link-signing-key';
const cache = new WeakMap<object, Promise<string>>();

/**
 * The key that signs email links: APP_KEY when configured, else one random key created once
 * in the database, so every instance (and every restart) verifies the links the others sent.
 */
export function linkSigningKey(db: Db): Promise<string> {
  const configured = config().APP_KEY;
  if (configured) return Promise.resolve(configured);
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<string> {
  await db.insert(appSecrets).values({ name: LINK_KEY, value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, LINK_KEY));
  if (!row) throw new Error('link signing key missing after insert');
  return row.value;
}
