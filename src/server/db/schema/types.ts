import { customType } from 'drizzle-orm/pg-core';

/** Postgres full-text vector; only ever written by generated columns. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * A text-search configuration name ('german', 'french', ...). Only product_translations.search_config
 * uses it: a trigger (migration 0017) sets it from the row's language, the search vector reads it.
 */
export const regconfig = customType<{ data: string }>({
  dataType() {
    return 'regconfig';
  },
});
