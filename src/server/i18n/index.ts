import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { languages, localizations, settings } from '../db/schema/index';
import { logger } from '../logger';
import { FALLBACK_LANGUAGE, type Messages, fileMessages, normalizeCode } from './messages';
import { createTranslator } from './translator';

export { FALLBACK_LANGUAGE, type Messages, bundledLanguages, fileMessages, placeholders } from './messages';

/** Translates a dotted key; missing keys fall back to English, then to the key itself. */
import type { Translator } from '@/lib/translator';

export type { Translator } from '@/lib/translator';

export interface LanguageRef {
  id: number;
  code: string;
}

interface Entry {
  /** Files merged with the database rows of this language only. */
  own: Messages;
  /** Every key: English underneath, then this language (what islands and the API get). */
  complete: Messages;
  t: Translator;
  /** Built from the files alone because the database could not be read: not worth caching. */
  degraded: boolean;
}

interface Slot {
  promise: Promise<Entry>;
  loadedAt: number;
  refreshing: boolean;
}

interface State {
  languages?: Promise<LanguageRef[]>;
  /** The last list read, so invalidate() can map an id to a code without waiting. */
  known: LanguageRef[];
  slots: Map<string, Slot>;
}

/**
 * Edits made through this process call invalidate(); the time limit only bounds how long another
 * instance sharing the same PostgreSQL keeps serving old text.
 */
const MAX_AGE_MS = 5 * 60_000;

// Keyed by database so tests with several databases in one process never share messages.
const states = new Map<Db, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { known: [], slots: new Map() };
    states.set(db, state);
  }
  return state;
}

function languageList(db: Db): Promise<LanguageRef[]> {
  const state = stateOf(db);
  state.languages ??= db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .orderBy(asc(languages.position), asc(languages.id))
    .then((rows) => {
      state.known = rows.map((row) => ({ id: row.id, code: normalizeCode(row.code) }));
      return state.known;
    })
    .catch((error: unknown) => {
      delete state.languages;
      throw error;
    });
  return state.languages;
}

async function dbMessages(db: Db, code: string): Promise<Messages> {
  const language = (await languageList(db)).find((l) => l.code === code);
  if (!language) return {};
  const rows = await db
    .select({ key: localizations.key, value: localizations.value })
    .from(localizations)
    .where(eq(localizations.languageId, language.id));
  const messages: Messages = {};
  // An empty row is an unfinished edit, not a wish to show nothing: the file text stays.
  for (const row of rows) if (row.value !== '') messages[row.key] = row.value;
  return messages;
}

/** The message that names the shop. */
export const SHOP_NAME_KEY = 'app.name';

/**
 * The owner's shop name (settings.shop_name) is the `app.name` message in every language, so the
 * header, titles, mails and islands all say it; while it is empty the message stays as translated.
 */
async function shopNameMessage(db: Db): Promise<Messages> {
  const [row] = await db.select({ name: settings.shopName }).from(settings).where(eq(settings.id, 1));
  const name = row?.name.trim() ?? '';
  return name ? { [SHOP_NAME_KEY]: name } : {};
}

async function build(db: Db, code: string): Promise<Entry> {
  let stored: Messages;
  try {
    const [messages, shopName] = await Promise.all([dbMessages(db, code), shopNameMessage(db)]);
    stored = { ...messages, ...shopName };
  } catch (error) {
    // The shop still speaks from its files when the table cannot be read.
    logger.warn({ err: error, language: code }, 'localizations could not be read; using message files');
    const own = fileMessages(code);
    const fallback = fileMessages(FALLBACK_LANGUAGE);
    const t = await createTranslator(code, own, fallback);
    return { own, complete: { ...fallback, ...own }, t, degraded: true };
  }
  const own = { ...fileMessages(code), ...stored };
  const fallback = code === FALLBACK_LANGUAGE ? own : (await entry(db, FALLBACK_LANGUAGE)).own;
  const t = await createTranslator(code, own, fallback);
  return { own, complete: { ...fallback, ...own }, t, degraded: false };
}

function entry(db: Db, rawCode: string): Promise<Entry> {
  const code = normalizeCode(rawCode);
  const state = stateOf(db);
  const slot = state.slots.get(code);
  if (slot) {
    if (!slot.refreshing && Date.now() - slot.loadedAt > MAX_AGE_MS) refresh(db, state, code, slot);
    return slot.promise;
  }
  const fresh: Slot = { promise: build(db, code), loadedAt: Date.now(), refreshing: false };
  state.slots.set(code, fresh);
  // A failed or degraded load is not kept: the next request tries the database again.
  const forget = () => {
    if (state.slots.get(code) === fresh) state.slots.delete(code);
  };
  fresh.promise.then((e) => e.degraded && forget(), forget);
  return fresh.promise;
}

/** Stale-while-revalidate: requests keep the old text until the new text is ready. */
function refresh(db: Db, state: State, code: string, slot: Slot): void {
  slot.refreshing = true;
  delete state.languages;
  build(db, code).then(
    (next) => {
      if (state.slots.get(code) !== slot) return;
      if (next.degraded) {
        slot.refreshing = false;
        slot.loadedAt = Date.now();
        return;
      }
      state.slots.set(code, { promise: Promise.resolve(next), loadedAt: Date.now(), refreshing: false });
    },
    () => {
      slot.refreshing = false;
      slot.loadedAt = Date.now();
    },
  );
}

/** The translation function for a language code (e.g. "de"); unknown codes speak English. */
export async function getTranslator(db: Db, languageCode: string): Promise<Translator> {
  return (await entry(db, languageCode)).t;
}

/** The translation function for a language id from the languages table. */
export async function getTranslatorById(db: Db, languageId: number): Promise<Translator> {
  return (await entry(db, await codeOf(db, languageId))).t;
}

/**
 * Every message key with its text in the language (database over files, English for keys the
 * language lacks): what GET /api/localizations returns and islands merge. Unknown id: English.
 */
export async function loadMessages(db: Db, languageId: number): Promise<Messages> {
  return { ...(await entry(db, await codeOf(db, languageId))).complete };
}

async function codeOf(db: Db, languageId: number): Promise<string> {
  try {
    const found = (await languageList(db)).find((l) => l.id === languageId);
    return found?.code ?? FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

/**
 * Drops cached messages after an edit of the localizations or languages tables: one language by
 * id, or everything when no id is given. Every language falls back to English, so an English edit
 * (or an id not seen yet) drops them all.
 */
export function invalidate(languageId?: number): void {
  for (const state of states.values()) {
    delete state.languages;
    const code = state.known.find((l) => l.id === languageId)?.code;
    if (languageId === undefined || code === undefined || code === FALLBACK_LANGUAGE) state.slots.clear();
    else state.slots.delete(code);
  }
}

/** Forgets a database (tests that close one). */
export function forgetDatabase(db: Db): void {
  states.delete(db);
}
