/**
 * The shape of the translation function: server code builds it (server/i18n), and the texts
 * modules of the islands take one to pick their messages. A type only, so browser code can name
 * it without importing the server's i18n engine.
 */
export type Translator = (key: string, vars?: Record<string, unknown>) => string;
