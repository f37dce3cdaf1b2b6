import { count, sql } from 'drizzle-orm';
import { config, demoPasswordPolicy } from '@/server/config';
import type { Db } from '../client';
import { languages } from '../schema/index';
import { seedCatalog } from './catalog';
import { seedPhotos } from './photos';
import { seedDemoHero, seedFeatured, seedPages, seedSettings } from './content';
import { hasShopData, seedBase } from './base';
import { seedGeo } from './geo';
import { seedLandingPage } from './landing-page';
import { seedCurrencies, seedLanguages } from './i18n';
import {
  type DemoPasswordPolicy,
  type GeneratedLogin,
  hashDemoPasswords,
  type Passwords,
  seedPromoCodes,
  seedUsers,
} from './users';

export {
  DEMO_CUSTOMER,
  DEMO_EDITOR,
  DEMO_STAFF,
  generatedLoginsNotice,
  type DemoPasswordPolicy,
  type GeneratedLogin,
} from './users';

export interface SeedOptions {
  /** Unset → by mode (config.ts demoPasswordPolicy): published outside production only. */
  passwords?: DemoPasswordPolicy;
}

/** A seed that ran; `generated` holds the demo logins whose passwords exist nowhere else. */
export interface SeedReport {
  generated: GeneratedLogin[];
}

// Shared by every process that may seed the same database; any constant works if all agree.
const SEED_LOCK_ID = 7_340_002;

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(languages);
  return (row?.n ?? 0) === 0;
}

/** Writes the whole demo shop; callers provide the transaction. */
async function seedInto(db: Db, passwords: Passwords, now: Date): Promise<void> {
  const lang = await seedLanguages(db);
  await seedCurrencies(db);
  const countryIds = await seedGeo(db, lang);
  await seedSettings(db, countryIds.NL);
  await seedDemoHero(db, lang);
  await seedPages(db, lang);
  await seedFeatured(db, lang);
  const products = await seedCatalog(db, lang, now);
  await seedPhotos(db, products);
  // After the catalogue and the FAQs: its grid and questions point at them.
  await seedLandingPage(db, lang);
  const promos = await seedPromoCodes(db, now);
  await seedUsers(db, passwords, { lang, countries: countryIds, promos }, products, now);
}

const policyOf = (options: SeedOptions) => options.passwords ?? demoPasswordPolicy(config());

/** Seeds the demo shop into an empty database, in one transaction. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const { hashes, generated } = await hashDemoPasswords(policyOf(options));
  const now = new Date();
  await db.transaction(async (tx) => {
    await seedInto(tx as unknown as Db, hashes, now);
  });
  return { generated };
}

/**
 * Runs `write` in one transaction when `isEmpty` says so, else answers false. Safe when several
 * processes start on one empty PostgreSQL at once: the transaction-scoped advisory lock makes
 * the others wait, and they then see the seeded rows and answer false.
 */
async function seedOnceIfEmpty<T>(
  db: Db,
  isEmpty: (db: Db) => Promise<boolean>,
  write: (db: Db) => Promise<T>,
): Promise<T | false> {
  if (!(await isEmpty(db))) return false;
  return db.transaction(async (tx): Promise<T | false> => {
    const t = tx as unknown as Db;
    // The server's pool bounds statements (ADR 017); waiting for another instance's seed is fine.
    await t.execute(sql`set local statement_timeout = 0`);
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isEmpty(t))) return false;
    return write(t);
  });
}

/** Seeds the demo shop only when the database has no languages yet; a report when it seeded, else false. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedReport | false> {
  if (!(await isEmpty(db))) return false;
  const { hashes, generated } = await hashDemoPasswords(policyOf(options));
  const now = new Date();
  return seedOnceIfEmpty(db, isEmpty, async (t) => {
    await seedInto(t, hashes, now);
    return { generated };
  });
}

/**
 * A production shop's base data (base.ts) on a database that holds nothing of a shop yet; true
 * when it seeded. A second start, or a database with data, gets nothing.
 */
export async function seedBaseIfEmpty(db: Db): Promise<boolean> {
  const seeded = await seedOnceIfEmpty(
    db,
    async (d) => !(await hasShopData(d)),
    async (t) => {
      await seedBase(t);
      return true as const;
    },
  );
  return seeded === true;
}
