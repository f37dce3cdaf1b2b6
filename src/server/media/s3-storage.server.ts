import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { type MediaStorage, checkStorageKey } from './storage';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const TIMEOUT_MS = 30_000;

/**
 * Media in an S3-compatible bucket, addressed path-style (`{endpoint}/{bucket}/{key}`, which
 * MinIO and every S3 clone accept). Three calls: PUT, GET and HEAD Object, signed with SigV4 by
 * aws4fetch (ADR 031).
 */
export function s3Storage(settings: S3Settings): MediaStorage {
  const base = settings.endpoint.replace(/\/+$/, '');
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    // A failed call fails the request that needed it; the caller decides, as before.
    retries: 0,
  });

  function send(
    method: 'PUT' | 'GET' | 'HEAD',
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ): Promise<Response> {
    const url = `${base}/${settings.bucket}/${checkStorageKey(key)}`;
    // The body's hash, not aws4fetch's default UNSIGNED-PAYLOAD: the bucket then refuses a body
    // that was changed on the way.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    return client.fetch(url, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  const failure = async (what: string, key: string, response: Response) =>
    new Error(`S3 ${what} ${key} failed: ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`);

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async has(key) {
      const response = await send('HEAD', key);
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD ${key} failed: ${response.status}`);
      return true;
    },
  };
}
