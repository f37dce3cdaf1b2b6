import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currencies, languages, localizations } from '../schema/index';
import type { Db } from '../client';
import { insertBatched } from './batch';

export const LANGUAGES = [
  { code: 'en', title: 'English', isDefault: true, position: 0 },
  { code: 'de', title: 'Deutsch', isDefault: false, position: 1 },
  { code: 'fr', title: 'Français', isDefault: false, position: 2 },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type LanguageIds = Record<LanguageCode, number>;

/** Finds src/i18n/messages from src/ as well as from a built bundle under dist/. */
export function messagesFolder(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'src', 'i18n', 'messages');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  const fromCwd = join(process.cwd(), 'src', 'i18n', 'messages');
  return existsSync(fromCwd) ? fromCwd : undefined;
}

/** Nested message objects become dotted keys: {a:{b:'x'}} → {'a.b':'x'}. */
export function flattenMessages(value: unknown, prefix = '', out: Record<string, string> = {}) {
  if (value === null || value === undefined) return out;
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      flattenMessages(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out[prefix] = String(value);
  }
  return out;
}

export function readMessages(code: string, folder = messagesFolder()): Record<string, string> {
  if (!folder) return {};
  const file = join(folder, `${code}.json`);
  if (!existsSync(file)) return {};
  try {
    return flattenMessages(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`Cannot read UI messages ${file}: ${(error as Error).message}`);
  }
}

/** Message files present in the repo, for tests and diagnostics. */
export function messageFiles(): string[] {
  const folder = messagesFolder();
  return folder ? readdirSync(folder).filter((f) => f.endsWith('.json')) : [];
}

export async function seedLanguages(db: Db): Promise<LanguageIds> {
  const rows = await db
    .insert(languages)
    .values(LANGUAGES.map((l) => ({ ...l })))
    .returning({ id: languages.id, code: languages.code });
  const ids = Object.fromEntries(rows.map((r) => [r.code, r.id])) as LanguageIds;
  for (const language of LANGUAGES) {
    const messages = readMessages(language.code);
    await insertBatched(
      db,
      localizations,
      Object.entries(messages).map(([key, value]) => ({ languageId: ids[language.code], key, value })),
    );
  }
  return ids;
}

/** Units per 1 EUR (a plausible mid-market rate; the shop's staff keep them current). */
const CURRENCIES = [
  { code: 'EUR', symbol: '€', value: '1', isDefault: true, position: 0 },
  { code: 'USD', symbol: '$', value: '1.08', isDefault: false, position: 1 },
  { code: 'GBP', symbol: '£', value: '0.86', isDefault: false, position: 2 },
];

/**
 * The demo shop's yen: a currency without minor units (ADR 034), priced to whole yen, kept off so
 * the pickers show the three currencies of the demo until staff switch it on at /admin/shipping.
 */
const DEMO_EXTRA_CURRENCIES = [
  {
    code: 'JPY',
    symbol: '¥',
    value: '162.5',
    isDefault: false,
    position: 3,
    rounding: 'whole' as const,
    enabled: false,
  },
];

/**
 * EUR as the default, and the others: offered in the demo shop, switched off in a production
 * shop's base data (its owner sets their rates before offering them).
 */
export async function seedCurrencies(
  db: Db,
  options: { othersEnabled: boolean } = { othersEnabled: true },
): Promise<void> {
  await db.insert(currencies).values([
    ...CURRENCIES.map((c) => ({ ...c, enabled: c.isDefault || options.othersEnabled })),
    // Only the demo (its others on) has the yen.
    ...(options.othersEnabled ? DEMO_EXTRA_CURRENCIES : []),
  ]);
}
