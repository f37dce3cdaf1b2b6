/**
 * Where originals and variants of uploaded photos are kept (ADR 026): files under
 * DATA_DIR/media by default, or an S3-compatible bucket when S3_* is configured. Keys are
 * content-addressed (`originals/{hash}.{ext}`, `variants/{hash}/{size}.{format}`), so writing a
 * key twice writes the same bytes and concurrent writers need no coordination.
 */
export interface MediaStorage {
  readonly kind: 'files' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
}

const KEY = /^(?:originals|variants)\/[0-9a-f]{64}(?:\/[a-z0-9]{1,8})?\.[a-z]{3,4}$/;

/** Keys come from hashes and fixed names only; anything else is a bug, never a path to follow. */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid media storage key: ${key}`);
  return key;
}

export const originalKey = (hash: string, extension: string) => checkStorageKey(`originals/${hash}.${extension}`);
export const variantKey = (hash: string, size: string | number, format: string) =>
  checkStorageKey(`variants/${hash}/${size}.${format}`);
