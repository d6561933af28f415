import type { z } from 'zod';
import type { PrivilegeArea } from '../access/privileges';

/**
 * One endpoint of the API, defined once: the API registers its route from it (platform/http/endpoint.ts)
 * and the console calls it through the one typed caller (apps/web/src/lib/api.ts), so method, path, inputs
 * and the answer cannot drift apart. The OpenAPI document is generated from the same schemas.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A privilege the caller must hold: [area, name]. */
export type RequiredPrivilege = readonly [PrivilegeArea, string];

/** The privileges of one area by name: `const t = privilegesOf('Test'); t('CreateTest')`. */
export const privilegesOf =
  (area: PrivilegeArea) =>
  (name: string): RequiredPrivilege => [area, name];

/** A save that creates or updates a row: either of the two privileges will do. */
export const createOrUpdate = (of: (name: string) => RequiredPrivilege, create: string, update: string) =>
  ({ privilege: [of(create), of(update)] }) as const;

/** Who may call: anyone, any signed-in user (optionally staff or students only), or staff holding a privilege. */
export type EndpointAccess =
  | { readonly public: true }
  | { readonly signedIn: true; readonly userType?: 'staff' | 'student' }
  /** Staff holding the privilege (or any of the listed privileges). */
  | { readonly privilege: RequiredPrivilege | readonly RequiredPrivilege[] };

export type Endpoint = {
  readonly method: HttpMethod;
  /** Full path with `:name` parameters, e.g. `/api/students/:userId`. */
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: EndpointAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** JSON body. */
  readonly body?: z.ZodType;
  /** multipart/form-data upload: the route reads the parts itself; the console sends a FormData. */
  readonly multipart?: true;
  /** The success answer (JSON), or a file download when `download` is set. */
  readonly response: z.ZodType;
  /** Success status (200 unless said). */
  readonly status?: 200 | 201;
  /** The answer is a file of this media type (streamed); the console receives a Blob. */
  readonly download?: string;
  /** Left out of the OpenAPI document (test controls). */
  readonly hidden?: true;
};

/** Defines an endpoint, keeping its literal types (method, path, schemas) for both sides. */
export const defineEndpoint = <const E extends Endpoint>(e: E): E => e;

/** An endpoint as written inside its group: everything but the tag, which the group gives it. */
export type GroupedEndpoint = Omit<Endpoint, 'tags'> & { readonly tags?: never };

/** The endpoints of a group, each as written (literal types kept, as by defineEndpoint) with its tag. */
export type EndpointGroup<G extends Record<string, GroupedEndpoint>> = {
  readonly [K in keyof G]: G[K] & { readonly tags: readonly string[] };
};

/**
 * The endpoints of one area of the API under its OpenAPI tag, written once for the group:
 * `endpointGroup('series', { create: { method: 'POST', path: '/api/series', … }, get: { … } })`.
 */
export function endpointGroup<const G extends Record<string, GroupedEndpoint>>(
  tag: string,
  endpoints: G,
): EndpointGroup<G> {
  const tags = [tag];
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, e]) => [name, { ...e, tags }]),
  ) as EndpointGroup<G>;
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a caller sends: `params`, `query` and `body` in their input form (before zod defaults/coercion). */
export type EndpointInput<E extends Endpoint> = ([Schema<E, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never] ? { query?: undefined } : { query?: z.input<Schema<E, 'query'>> }) &
  (E extends { readonly multipart: true }
    ? { body: FormData }
    : [Schema<E, 'body'>] extends [never]
      ? { body?: undefined }
      : { body: z.input<Schema<E, 'body'>> });

/** What the server hands a route handler: parsed params, query and body. */
export type EndpointRequest<E extends Endpoint> = {
  params: [Schema<E, 'params'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'params'>>;
  query: [Schema<E, 'query'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'query'>>;
  body: [Schema<E, 'body'>] extends [never] ? undefined : z.output<Schema<E, 'body'>>;
};

/** The parsed success answer. */
export type EndpointResult<E extends Endpoint> = E extends { readonly download: string }
  ? Blob
  : z.output<E['response']>;

/** What a handler returns (the response schema's input; the serializer parses it). */
export type EndpointReply<E extends Endpoint> = z.input<E['response']>;

/** `/api/students/:userId` + {userId: 5} → `/api/students/5` (each value URI-encoded). */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** A query object as a search string (`?a=1&b=2`, arrays as repeated keys, undefined and null left out). */
export function endpointQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.append(k, v instanceof Date ? v.toISOString() : String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
