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

/** Raw bytes (a stored PDF). node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});
