/**
 * The API contract (ADR 022) against the real app: every route the Hono app registers is
 * declared in src/lib/contract/ (and nothing is declared that the app lacks), the generated
 * document is valid OpenAPI 3.1, the reference page loads with no outside host, and the
 * declared answers parse real answers of a sample of routes.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@/lib/contract/index';
import { createApi } from '@/server/api/app';
import { openApiPath } from '@/server/api/openapi';
import { useTestDatabase } from '../helpers/db';

useTestDatabase({ seed: 'none' });
const api = createApi();

/** `METHOD /path` of every route the app answers (middleware registrations are ALL). */
function registeredRoutes(): string[] {
  return [...new Set(api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();
}

describe('API contract', () => {
  it('declares every route the app registers, and no other', () => {
    const declared = apiRoutes.map((r) => `${r.method} ${r.path}`).sort();
    const registered = registeredRoutes();
    expect(
      registered.filter((r) => !declared.includes(r)),
      'routes without a contract declaration',
    ).toEqual([]);
    expect(
      declared.filter((r) => !registered.includes(r)),
      'declarations without a route',
    ).toEqual([]);
    expect(new Set(declared).size, 'a route declared twice').toBe(declared.length);
  });

  it('serves a valid OpenAPI 3.1 document with every declared route, the error shapes and auth', async () => {
    const res = await api.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], 'OpenAPI validation errors').toEqual([]);
    expect(result.valid).toBe(true);

    for (const route of apiRoutes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
    }
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'bearerToken',
      'sessionCookie',
      'xsrfHeader',
    ]);
    const add = document.paths['/api/cart/add']!.post!;
    expect(Object.keys(add.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '419', '422', '503']);
    expect(add.security).toEqual([{ sessionCookie: [], xsrfHeader: [] }, { bearerToken: [] }]);
    expect(document.paths['/api/cart/calculate-totals']!.post!.responses).toHaveProperty('429');
    expect(document.components.schemas.ErrorBody).toMatchObject({ properties: { status: { const: 'ERROR' } } });
  });

  it('serves the reference page with its script from the shop, under a policy that allows no other host', async () => {
    const res = await api.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api/docs/scalar.js']);
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[\w.-]+\.(com|net|io|dev)/);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/https?:/);

    const script = await api.request('/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
