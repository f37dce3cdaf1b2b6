import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (the "Authorization header" form), the only S3 authentication the shop
 * needs: a few object calls, signed by hand rather than through an SDK of hundreds of modules.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign; `host` is added from the URL. Names in any case. */
  headers: Record<string, string>;
  /** Hex sha256 of the body (S3 also wants it in x-amz-content-sha256). */
  payloadHash: string;
  date: Date;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, everything else %XX (upper case). */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20150830T123600Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The path as sent, each segment encoded once (S3 does not normalise or double-encode paths). */
function canonicalPath(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/') || '/';
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The value of the Authorization header for this request. */
export function authorization(request: SigV4Request, credentials: SigV4Credentials): string {
  const headers = new Map<string, string>([['host', request.url.host]]);
  for (const [name, value] of Object.entries(request.headers)) headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    canonicalPath(request.url),
    canonicalQuery(request.url),
    names.map((name) => `${name}:${headers.get(name)}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const stamp = amzDate(request.date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  key = hmac(key, credentials.region);
  key = hmac(key, credentials.service);
  key = hmac(key, 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
