/**
 * The back office's form binding (ADR 036): a form is bound to a route object of the contract
 * (src/lib/contract), not to a path string, so the compiler checks the path parameters and every
 * field name against the route's zod body. `<ApiForm form={bindForm(route, params)}>` renders the
 * form[data-api] that admin-forms.ts sends; `<Field name={form.name('symbol')} …>` names a field
 * (Field.astro: label, control, hint, error, aria-describedby).
 * A misspelt or removed field is a type error in `astro check` / `tsc`.
 */
import type { z } from 'zod';
import type { Method, RouteContract } from '@/lib/contract/define';

/** How admin-forms.ts reads a field's value (its data-kind; see the header of admin-forms.ts). */
export type FieldKind = 'bool' | 'number' | 'json' | 'nullable' | 'cents' | 'line' | 'ids' | 'list';

/** A field's `aria-describedby`: its hint (when it has one) and its error slot. */
export function describedBy(id: string, hint?: string | boolean | null): string {
  return hint ? `${id}-hint ${id}-error` : `${id}-error`;
}

/** `/api/admin/orders/:orderNr/notes` → `'orderNr'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<R extends RouteContract> = [ParamNames<R['path']>] extends [never]
  ? undefined
  : Record<ParamNames<R['path']>, string | number>;

/** The body as the form may send it (before zod's transforms). */
export type BodyOf<R extends RouteContract> = R extends { body: infer B extends z.ZodType } ? z.input<B> : never;

type Depth = [never, 0, 1, 2];

/**
 * A body's field names as admin-forms.ts writes them: a key, or `a.b` for nested objects
 * (alt.en → { alt: { en } }), distributed over unions. Arrays of objects are filled by rows
 * (`form.row`), so their own keys are not dotted names.
 */
export type FieldName<T, D extends number = 3> = [D] extends [never]
  ? never
  : T extends readonly unknown[]
    ? never
    : T extends object
      ? {
          [K in keyof T & string]:
            | K
            | (NonNullable<T[K]> extends readonly unknown[]
                ? never
                : NonNullable<T[K]> extends object
                  ? `${K}.${FieldName<NonNullable<T[K]>, Depth[D]>}`
                  : never);
        }[keyof T & string]
      : never;

/** The lists of objects in a body (filled row by row: data-row="list:key"). */
type RowLists<T> = T extends object
  ? { [K in keyof T & string]: NonNullable<T[K]> extends readonly object[] ? K : never }[keyof T & string]
  : never;
type RowOf<T, L extends string> = T extends { [K in L]?: infer A }
  ? NonNullable<A> extends readonly (infer E)[]
    ? E
    : never
  : never;

export interface BoundForm<R extends RouteContract = RouteContract> {
  route: R;
  method: Method;
  /** The path as the API client takes it (under /api), parameters filled in. */
  api: string;
  /**
   * A field name of the route's body, checked by the compiler. Not generic on purpose: on a form
   * that is one of two routes (create or update), the name must then suit both bodies.
   */
  name(name: FieldName<BodyOf<R>>): string;
  /** The attributes of a field in row `key` of the body's list `list` (e.g. one line of a list form). */
  row<L extends RowLists<BodyOf<R>>, N extends FieldName<RowOf<BodyOf<R>, L>>>(
    list: L,
    key: string | number,
    name: N,
  ): { name: N; 'data-row': string };
}

/** Binds a form to a contract route; `params` fills the path's `:name` parts (URI-encoded). */
export function bindForm<R extends RouteContract>(
  route: R,
  ...params: PathParams<R> extends undefined ? [] : [PathParams<R>]
): BoundForm<R> {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`bindForm: ${route.path} needs the parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  return {
    route,
    method: route.method,
    api: path.replace(/^\/api(?=\/)/, ''),
    name: (name) => name,
    row: (list, key, name) => ({ name, 'data-row': `${list}:${key}` }),
  };
}
