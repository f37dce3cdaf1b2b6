import { z } from 'zod';
import type { RouteContract } from '@/lib/contract/define';
import { errorBodySchema } from '@/lib/contract/envelope';
import { apiRoutes } from '@/lib/contract/index';
import { BACK_OFFICE_ROLES, can } from '@/lib/rules/roles';
import { SESSION_COOKIE } from '../services/auth/sessions';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document, generated from the contract's route
 * declarations (src/lib/contract/, ADR 022). JSON Schema comes from zod's own converter
 * (draft 2020-12, which is OpenAPI 3.1's dialect): requests as they may be sent (`input`),
 * answers as the server builds them (`output`).
 */

type JsonSchema = Record<string, unknown>;

/** Definitions of recursive schemas (the category tree), hoisted from each conversion. */
let hoisted: Record<string, JsonSchema> = {};

/**
 * zod puts a recursive schema's definition in `$defs` of the converted fragment and refers to it
 * as `#/$defs/…`, which inside an OpenAPI document would resolve against the document root: such
 * definitions move to components.schemas under names unique in the document.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const result = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    reused: 'inline',
  }) as JsonSchema;
  delete result.$schema;
  const defs = result.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return result;
  delete result.$defs;
  const names = new Map(
    Object.keys(defs).map((name) => [name, `Recursive${Object.keys(hoisted).length + 1}_${name.replace(/\W/g, '')}`]),
  );
  const rename = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_m, name: string) => `"#/components/schemas/${names.get(name) ?? name}"`,
      ),
    ) as JsonSchema;
  for (const [name, def] of Object.entries(defs)) hoisted[names.get(name)!] = rename(def);
  return rename(result);
}

const ERROR_TEXTS: Record<number, string> = {
  400: 'Malformed request (not JSON, not an object, a value out of range).',
  401: '`Unauthenticated.`: no session or token where the route needs one, or a bearer token that is not valid (revoked, expired, unknown), on any route.',
  403: "`Your email address is not verified.`, or `This action is unauthorized.`: the role has no permission of the route's area.",
  404: 'Not found.',
  409: 'Conflict with the current state.',
  413: 'The body is over 1 MB (an upload: over its own limit).',
  419: '`CSRF token mismatch.`: a write without a matching X-XSRF-TOKEN header.',
  422: 'Validation failed: `message` is the first problem, `errors` maps each field to its messages.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
  503: 'The database is unavailable; `Retry-After` says when to try again.',
};

function errorStatuses(route: RouteContract): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  const write = route.method !== 'GET';
  if (write && route.access !== 'signed') {
    statuses.add(400);
    statuses.add(413);
    statuses.add(419);
  }
  if (!route.beforeAuth) statuses.add(401);
  if (route.access === 'verified' || route.access === 'back_office') statuses.add(403);
  if (route.rateLimited) statuses.add(429);
  if (route.produces !== 'javascript') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Who may call a back-office route, from roles.ts (the area's permissions and the roles that hold
 * one): "Permission `prices` (roles: admin)." Also as `x-permissions` for tools.
 */
function permissionNote(route: RouteContract): { note: string; permissions: readonly string[] } | null {
  const permissions = route.permissions;
  if (!permissions) return null;
  const roles = BACK_OFFICE_ROLES.filter((role) => permissions.some((p) => can(role, p)));
  const names = permissions.map((p) => `\`${p}\``).join(' or ');
  return { note: `Permission ${names} (roles: ${roles.join(', ')}).`, permissions };
}

/** Session cookie (+ X-XSRF-TOKEN on writes) or a bearer token; none for public reads. */
function security(route: RouteContract): Record<string, string[]>[] | undefined {
  const write = route.method !== 'GET';
  if (route.access === 'signed') return [];
  const cookie: Record<string, string[]> = write ? { sessionCookie: [], xsrfHeader: [] } : { sessionCookie: [] };
  if (route.access === 'public') return write ? [cookie, { bearerToken: [] }, {}] : [];
  return [cookie, { bearerToken: [] }];
}

function parameters(route: RouteContract, openApiPath: string): JsonSchema[] {
  const list: JsonSchema[] = [];
  const pathNames = [...openApiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const paramSchema = route.params ? jsonSchema(route.params, 'input') : undefined;
  const paramProps = (paramSchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) {
    list.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  if (route.query) {
    const query = jsonSchema(route.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      list.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  for (const [name, description] of Object.entries(route.headers ?? {})) {
    list.push({ name, in: 'header', required: false, schema: { type: 'string' }, description });
  }
  return list;
}

function successContent(route: RouteContract): JsonSchema | undefined {
  switch (route.produces ?? 'json') {
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
    case 'javascript':
      return { 'text/javascript': { schema: { type: 'string' } } };
    case 'pdf':
      return { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    case 'redirect':
      return undefined;
    default:
      return { 'application/json': { schema: jsonSchema(route.response, 'output') } };
  }
}

function operation(route: RouteContract, openApiPath: string): JsonSchema {
  const status = String(route.status ?? (route.produces === 'redirect' ? 302 : 200));
  const content = route.status === 204 ? undefined : successContent(route);
  const responses: Record<string, JsonSchema> = {
    [status]: {
      description: route.produces === 'redirect' ? 'Redirect (Location header).' : 'Success.',
      ...(content ? { content } : {}),
    },
  };
  for (const code of errorStatuses(route)) {
    responses[String(code)] = {
      description: ERROR_TEXTS[code] ?? 'Error.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  const sec = security(route);
  const permission = permissionNote(route);
  const description = [route.description, permission?.note].filter(Boolean).join(' ');
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath
      .replace(/^\/api/, '')
      .replace(/[{}]/g, '')
      .replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    ...(permission ? { 'x-permissions': permission.permissions } : {}),
    ...(sec ? { security: sec } : {}),
    parameters: parameters(route, openApiPath),
    ...requestBody(route),
    responses,
  };
}

/**
 * A write without a body schema reads no body, and the islands' client sends `{}` on such calls
 * (cart clear, logout): the document says so, so a validating proxy lets them through.
 */
function requestBody(route: RouteContract): { requestBody?: JsonSchema } {
  if (route.body) {
    return {
      requestBody: {
        required: true,
        content: {
          [route.consumes === 'multipart' ? 'multipart/form-data' : 'application/json']: {
            schema: jsonSchema(route.body, 'input'),
          },
        },
      },
    };
  }
  if (route.method === 'GET') return {};
  return {
    requestBody: {
      required: false,
      description: 'None is read; a JSON object sent anyway is ignored.',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  };
}

export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, '{$1}');
}

export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  hoisted = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of apiRoutes) {
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path);
  }
  const tags = [...new Set(apiRoutes.map((r) => r.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gear shop API',
      version: '1',
      description:
        'The shop\'s API, as the storefront\'s islands use it (storefront and accounts specs). Every answer is an envelope: `{status: "OK", payload, message}` or `{status: "ERROR", message, errors?}`. GET calls take `currency` and `lang_id` in the query, writes in the body. Browsers fetch `/sanctum/csrf-cookie` first and send its XSRF-TOKEN cookie back as the `X-XSRF-TOKEN` header on every write; apps and scripts sign in with `POST /api/login` and a `device_name` and send the token as `Authorization: Bearer …` instead.',
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output'), ...hoisted },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by GET /sanctum/csrf-cookie and POST /api/login.',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: "The XSRF-TOKEN cookie's value, on every write made with the session cookie.",
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token from POST /api/login with `device_name`.',
        },
      },
    },
  };
}
