import { resolve } from 'node:path';
import { type Config, config } from '../config';
import { fileStorage } from './file-storage.server';
import { s3Storage } from './s3-storage.server';
import type { MediaStorage } from './storage';

/** The storage the configuration names: the S3 bucket when S3_ENDPOINT is set, else DATA_DIR/media. */
export function storageFromConfig(cfg: Config): MediaStorage {
  if (cfg.S3_ENDPOINT) {
    return s3Storage({
      endpoint: cfg.S3_ENDPOINT,
      bucket: cfg.S3_BUCKET!,
      accessKeyId: cfg.S3_ACCESS_KEY_ID!,
      secretAccessKey: cfg.S3_SECRET_ACCESS_KEY!,
      region: cfg.S3_REGION,
    });
  }
  return fileStorage(resolve(cfg.DATA_DIR, 'media'));
}

let current: MediaStorage | undefined;

/** The process's media storage (uploads, variants, the demo seed's photos). */
export function mediaStorage(): MediaStorage {
  current ??= storageFromConfig(config());
  return current;
}

/** Tests: another storage for this process (the fake S3), or undefined for the configured one again. */
export function useMediaStorage(storage: MediaStorage | undefined): void {
  current = storage;
}
