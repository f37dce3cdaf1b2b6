/** The settings row and the home hero texts (both live in `settings`, id 1). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { settings } from '@/server/db/schema/index';
import { contentChanged } from '../content-changed';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { type Editor, changedFields, recordChange } from './audit';

export interface AdminSettings {
  requisites: string;
  copyright: string;
  support_email: string;
  company_address: string;
  phone_payment_global: string;
  phone_payment_uk_eu: string;
  vat_percent: number;
  low_stock_threshold: number;
  is_reg_enabled: boolean;
  google_tag: string;
}

export interface HomeHero {
  hero_title: string;
  hero_subtitle: string;
}

async function row(db: Db) {
  const [found] = await db.select().from(settings).where(eq(settings.id, 1));
  return found ?? null;
}

export async function getAdminSettings(db: Db): Promise<AdminSettings> {
  const s = await row(db);
  return {
    requisites: s?.requisites ?? '',
    copyright: s?.copyright ?? '',
    support_email: s?.supportEmail ?? '',
    company_address: s?.companyAddress ?? '',
    phone_payment_global: s?.phonePaymentGlobal ?? '',
    phone_payment_uk_eu: s?.phonePaymentUkEu ?? '',
    vat_percent: Number(s?.vatPercent ?? 0),
    low_stock_threshold: s?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    is_reg_enabled: s?.isRegEnabled ?? true,
    google_tag: s?.googleTag ?? '',
  };
}

export async function getHomeHero(db: Db): Promise<HomeHero> {
  const s = await row(db);
  return { hero_title: s?.heroTitle ?? '', hero_subtitle: s?.heroSubtitle ?? '' };
}

type Columns = Partial<typeof settings.$inferInsert>;

/** Upserts row 1 (an empty shop has none yet). */
async function saveColumns(db: Db, editor: Editor, entity: 'settings' | 'home_hero', columns: Columns, summary: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: settings.id, set: { ...columns, updatedAt: sql`now()` } });
    await recordChange(tx, editor, entity, 1, 'update', summary);
  });
  contentChanged(db);
}

export async function updateSettings(db: Db, editor: Editor, patch: Partial<AdminSettings>): Promise<AdminSettings> {
  await saveColumns(
    db,
    editor,
    'settings',
    {
      requisites: patch.requisites,
      copyright: patch.copyright,
      supportEmail: patch.support_email,
      companyAddress: patch.company_address,
      phonePaymentGlobal: patch.phone_payment_global,
      phonePaymentUkEu: patch.phone_payment_uk_eu,
      vatPercent: patch.vat_percent === undefined ? undefined : patch.vat_percent.toFixed(2),
      lowStockThreshold: patch.low_stock_threshold,
      isRegEnabled: patch.is_reg_enabled,
      googleTag: patch.google_tag?.trim(),
    },
    changedFields(patch as Record<string, unknown>),
  );
  return getAdminSettings(db);
}

export async function updateHomeHero(db: Db, editor: Editor, patch: Partial<HomeHero>): Promise<HomeHero> {
  await saveColumns(db, editor, 'home_hero', { heroTitle: patch.hero_title, heroSubtitle: patch.hero_subtitle }, changedFields(patch));
  return getHomeHero(db);
}
