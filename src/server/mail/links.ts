/**
 * Links in mail point at the page in the mail's language (ADR 028): a German mail's "reset your
 * password" opens /de/reset-password even on a device that never chose German. API addresses
 * (verification, newsletter confirmation) have no language and stay as they are.
 */
import type { Db } from '@/server/db/client';
import { config } from '@/server/config';
import { localizePath } from '@/lib/language-path';
import { chooseLanguage, loadShopBasics } from '@/server/services/request-context';

/** The absolute address of a shop path (may carry ?query) in a language, from PUBLIC_URL. */
export async function shopUrl(db: Db, languageCode: string, path: string): Promise<string> {
  const { languages } = await loadShopBasics(db);
  const fallback = chooseLanguage(languages, undefined).code;
  // A language the shop no longer has would give a 404 prefix: such a mail links the default page.
  const known = languages.some((l) => l.code.toLowerCase() === languageCode.toLowerCase());
  return `${config().PUBLIC_URL}${known ? localizePath(path, languageCode, fallback) : path}`;
}
