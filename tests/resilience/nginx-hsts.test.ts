import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '@/server/hsts';
import { getHttps, type Nginx, startNginx } from '../helpers/nginx';
import { cleanupServers, freePort, get, tempDir } from '../helpers/server';

/**
 * deploy/nginx.conf.example's HSTS (ADR 018): on https answers exactly one
 * Strict-Transport-Security, nginx's (the instance's own copy is hidden), also on nginx's own
 * error pages; on http answers none. The example runs with TLS on a self-signed certificate in
 * front of a stand-in instance that always sends a header of its own, so a leak would show.
 */
const INSTANCE_HSTS = 'max-age=5';
let instance: Server;
let instancePort: number;
const seen: IncomingHttpHeaders[] = [];
let https: Nginx;
let http: Nginx;

beforeAll(async () => {
  const dir = tempDir();
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ],
    {
      stdio: 'ignore',
    },
  );
  instancePort = await freePort();
  instance = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('Strict-Transport-Security', INSTANCE_HSTS);
    res.end('ok');
  });
  await new Promise<void>((resolve) => instance.listen(instancePort, '127.0.0.1', resolve));
  https = await startNginx({ upstreamPorts: [instancePort], port: await freePort(), tls: { cert, key } });
  http = await startNginx({ upstreamPorts: [instancePort], port: await freePort() });
}, 60_000);

afterAll(async () => {
  await https?.stop();
  await http?.stop();
  instance?.close();
  cleanupServers();
});

describe('nginx example: Strict-Transport-Security', () => {
  it('over https: exactly one header, nginx’s value, and the instance is told https', async () => {
    const res = await getHttps(https.port, '/some/page');
    expect(res.status).toBe(200);
    // Node joins repeated headers with ", ": equality proves there is one.
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toBe('max-age=31536000; includeSubDomains');
    expect(seen.at(-1)?.['x-forwarded-proto']).toBe('https');
  });

  it('over plain http: none, even when the instance sends one', async () => {
    const res = await get(http.port, '/some/page');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(seen.at(-1)?.['x-forwarded-proto']).toBe('http');
  });

  it('nginx’s own error page over https carries it too (no instance reachable)', async () => {
    await new Promise((resolve) => instance.close(resolve));
    const res = await getHttps(https.port, '/some/page');
    expect(res.status).toBe(502);
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect((await get(http.port, '/some/page')).headers['strict-transport-security']).toBeUndefined();
  });
});
