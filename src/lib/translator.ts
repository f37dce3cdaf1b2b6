/**
 * The shape of the translation function: server code builds it (server/i18n), and the texts
 * modules of the islands take one to pick their messages. A type only, so browser code can name
 * it without importing the server's i18n engine.
 *
 * Keys are typed from the English files (the reference key set, ADR 001 and 029), the way
 * Starlight types its UI strings: a key that is not in them does not compile. Plural forms
 * (`key_one`, `key_other`, French `key_many`) are asked for by their base key with a `count`.
 */
import type shop from '@/i18n/messages/en.json';
import type api from '@/i18n/admin/en/api.json';
import type categories from '@/i18n/admin/en/categories.json';
import type common from '@/i18n/admin/en/common.json';
import type customers from '@/i18n/admin/en/customers.json';
import type editors from '@/i18n/admin/en/editors.json';
import type faqs from '@/i18n/admin/en/faqs.json';
import type featured from '@/i18n/admin/en/featured.json';
import type frame from '@/i18n/admin/en/frame.json';
import type importTexts from '@/i18n/admin/en/import.json';
import type mail from '@/i18n/admin/en/mail.json';
import type media from '@/i18n/admin/en/media.json';
import type orders from '@/i18n/admin/en/orders.json';
import type overview from '@/i18n/admin/en/overview.json';
import type pageEditor from '@/i18n/admin/en/pageEditor.json';
import type pages from '@/i18n/admin/en/pages.json';
import type products from '@/i18n/admin/en/products.json';
import type promoCodes from '@/i18n/admin/en/promoCodes.json';
import type reports from '@/i18n/admin/en/reports.json';
import type settings from '@/i18n/admin/en/settings.json';
import type shipping from '@/i18n/admin/en/shipping.json';
import type translations from '@/i18n/admin/en/translations.json';

/** The CLDR plural categories i18next appends to a key (`_one`, `_other`, …). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A file's keys with every plural form folded into its base key. */
type Keys<Messages> = keyof Messages extends infer K
  ? K extends `${infer Base}_${PluralCategory}`
    ? Base
    : K & string
  : never;

/** The shop's messages (src/i18n/messages/en.json). */
export type MessageKey = Keys<typeof shop>;

/** The back office's texts (src/i18n/admin/en/*.json). */
export type AdminKey = Keys<
  typeof api &
    typeof categories &
    typeof common &
    typeof customers &
    typeof editors &
    typeof faqs &
    typeof featured &
    typeof frame &
    typeof importTexts &
    typeof mail &
    typeof media &
    typeof orders &
    typeof overview &
    typeof pageEditor &
    typeof pages &
    typeof products &
    typeof promoCodes &
    typeof reports &
    typeof settings &
    typeof shipping &
    typeof translations
>;

export type TextKey = MessageKey | AdminKey;

// The translation function itself takes any string: typing its parameter with the ~3 000-key union
// made every assignment between translators a union-to-union check, and the type check went from
// under a minute to more than ten. Keys are checked where they are named: `localized`, `keyUnder`
// and the texts modules' MessageKey/AdminKey lists.
export type Translator = (key: string, vars?: Record<string, unknown>) => string;

/** The keys under a prefix, e.g. the order statuses' `admin.orders.status.…`. */
export type KeyUnder<Prefix extends string> = Extract<TextKey, `${Prefix}${string}`>;

/**
 * A key made of a prefix and a value the code knows (a role, a status checked against its list):
 * the prefix is checked by the compiler, the value by the caller; a missing text shows its key.
 */
export function keyUnder<Prefix extends string>(prefix: Prefix, name: string): KeyUnder<Prefix> {
  return `${prefix}${name}` as KeyUnder<Prefix>;
}
