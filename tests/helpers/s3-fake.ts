/**
 * A local stand-in for the three S3 object calls the shop makes (PUT, GET, HEAD Object, path-style
 * `/{bucket}/{key}`), on loopback: neither npm nor Debian ships MinIO. It refuses, as S3 does, a
 * request without SigV4 headers, with another access key or bucket, whose body does not match
 * x-amz-content-sha256, or whose signature is not the one its secret gives for what arrived (so
 * the headers the client signed are the ones that were sent). The expected signature is computed by
 * aws4fetch's signer, whose output tests/unit/media.test.ts pins to AWS's published examples.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export const FAKE_S3 = {
  bucket: 'shop-media',
  accessKeyId: 'AKIAFAKESHOP',
  secretAccessKey: 'fake-secret-key-0123456789',
  region: 'eu-test-1',
} as const;

export interface FakeS3Request {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface FakeS3 {
  url: string;
  objects: Map<string, { bytes: Uint8Array; contentType: string }>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

async function body(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function fromStamp(stamp: string): Date {
  return new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
}

/** Why S3 would refuse this request, or null. */
async function refusal(req: IncomingMessage, url: URL, bytes: Uint8Array): Promise<string | null> {
  const header = (name: string) => String(req.headers[name] ?? '');
  const auth = AUTH.exec(header('authorization'));
  if (!auth) return 'AccessDenied: no SigV4 Authorization header';
  const [, keyId, day, region, signed] = auth;
  if (keyId !== FAKE_S3.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== FAKE_S3.region) return 'AuthorizationHeaderMalformed: region';
  const stamp = header('x-amz-date');
  if (!/^\d{8}T\d{6}Z$/.test(stamp) || stamp.slice(0, 8) !== day) return 'AccessDenied: x-amz-date';
  if (Math.abs(fromStamp(stamp).getTime() - Date.now()) > 15 * 60_000) return 'RequestTimeTooSkewed';
  const payloadHash = header('x-amz-content-sha256');
  if (payloadHash !== sha256Hex(bytes)) return 'XAmzContentSHA256Mismatch';
  const names = signed!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
    return 'AccessDenied: unsigned headers';
  const headers = Object.fromEntries(names.filter((n) => n !== 'host').map((n) => [n, header(n)]));
  const signer = new AwsV4Signer({
    method: req.method!,
    url: url.toString(),
    headers,
    accessKeyId: FAKE_S3.accessKeyId,
    secretAccessKey: FAKE_S3.secretAccessKey,
    region: FAKE_S3.region,
    service: 's3',
    datetime: stamp,
    allHeaders: true,
  });
  const expected = (await signer.sign()).headers.get('authorization');
  return expected === header('authorization') ? null : 'SignatureDoesNotMatch';
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const requests: FakeS3Request[] = [];
  let base = '';
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const bytes = await body(req);
    requests.push({
      method: req.method!,
      path: url.pathname,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
    });
    const problem = await refusal(req, url, bytes);
    if (problem) {
      res.writeHead(403, { 'Content-Type': 'application/xml' }).end(`<Error><Code>${problem}</Code></Error>`);
      return;
    }
    const prefix = `/${FAKE_S3.bucket}/`;
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, { bytes, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { ETag: `"${sha256Hex(bytes).slice(0, 32)}"` }).end();
      return;
    }
    const object = objects.get(key);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (!object) {
      res
        .writeHead(404, { 'Content-Type': 'application/xml' })
        .end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': String(object.bytes.byteLength) });
    res.end(req.method === 'HEAD' ? undefined : object.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
