import type { z } from 'zod';
import type { ApiClient, RequestOptions } from '../api-client';
import type { Method, RouteContract } from './define';
import type { ContractModules } from './index';

/**
 * The islands' typed view of the API client (ADR 022): `api.get('/cart/contents')` answers the
 * contract's declared body for that route, inferred from its zod schema. Only types come from
 * the contract (the imports above are erased), so no schema is shipped to the browser; the
 * runtime is the one api-client (XSRF, timeouts, locale params, 401/403 handling).
 */

type AnyRoute = { [M in keyof ContractModules]: ContractModules[M][keyof ContractModules[M]] }[keyof ContractModules];

/** `/api/products/:id/info` → `/products/${string}/info`: the paths a caller may write. */
type Template<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Template<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

type ClientPath<R> = R extends { path: `/api${infer Rest}` } ? Template<Rest> : never;

type RoutesOf<M extends Method> = Extract<AnyRoute, { method: M }>;

export type ApiPath<M extends Method> = ClientPath<RoutesOf<M>>;

/** The declared route a concrete path belongs to. */
type RouteAt<M extends Method, P extends string> =
  RoutesOf<M> extends infer R ? (R extends RouteContract ? (P extends ClientPath<R> ? R : never) : never) : never;

/** What a successful call answers (the whole body: envelope, payload and siblings). */
export type ApiReply<M extends Method, P extends string> = z.output<RouteAt<M, P>['response']>;
/** The payload of a successful call. */
export type ApiPayload<M extends Method, P extends string> = ApiReply<M, P> extends { payload: infer T } ? T : never;

/** The declared request body (as it may be sent); the client adds `currency` and `lang_id`. */
export type ApiBody<M extends Method, P extends string> =
  RouteAt<M, P> extends { body: infer B extends z.ZodType } ? z.input<B> : Record<string, never>;

export interface TypedApi {
  get<P extends ApiPath<'GET'>>(path: P, options?: RequestOptions): Promise<ApiReply<'GET', P>>;
  post<P extends ApiPath<'POST'>>(
    path: P,
    body?: ApiBody<'POST', P>,
    options?: RequestOptions,
  ): Promise<ApiReply<'POST', P>>;
  put<P extends ApiPath<'PUT'>>(
    path: P,
    body?: ApiBody<'PUT', P>,
    options?: RequestOptions,
  ): Promise<ApiReply<'PUT', P>>;
  delete<P extends ApiPath<'DELETE'>>(path: P, options?: RequestOptions): Promise<ApiReply<'DELETE', P>>;
  /** Untyped, for paths only known at run time (the back office's forms name theirs in data-api). */
  request: ApiClient['request'];
  resetSessionExpired(): void;
  readonly sessionExpired: boolean;
}

/**
 * The same client with the contract's types. Answers are not parsed at run time (that would
 * ship zod to every island): the contract test proves the declared shapes against the server.
 */
export function typedApi(client: ApiClient): TypedApi {
  return client as unknown as TypedApi;
}
