import {
  commonMessages,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  endpointPath,
  endpointQuery,
} from '@assess/contracts/common';

/**
 * An error answer of the API (always JSON `{message, fields?}`), or a network failure (status 0).
 * `message` is the server's user-facing text: show it as is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Body = unknown;
type Options = Omit<RequestInit, 'method' | 'body'>;

/** In development and in the browser tests' build, every answer is checked against its schema. */
const checkResponses = import.meta.env.DEV || import.meta.env.VITE_CHECK_RESPONSES === 'true';

async function request<T>(
  method: string,
  url: string,
  body?: Body,
  init: Options = {},
  as: 'json' | 'blob' = 'json',
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, { ...init, method, headers, body: payload, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(commonMessages.internal, 0);
  }
  const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
  if (res.ok && as === 'blob') return (await res.blob()) as T;
  const data: unknown =
    res.status === 204 ? undefined : isJson ? await res.json().catch(() => undefined) : undefined;
  if (!res.ok) {
    const err = (data ?? {}) as { message?: unknown; fields?: Record<string, string[]> };
    const message = typeof err.message === 'string' ? err.message : commonMessages.internal;
    throw new ApiError(message, res.status, err.fields);
  }
  return data as T;
}

type CallArgs<E extends Endpoint> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, init?: Options]
    : [input: EndpointInput<E>, init?: Options];

/**
 * The console's one way to call the API: the endpoint definition from contracts gives the method, the
 * path, the input types and the answer's type; the answer is checked against its schema in development
 * and in the browser tests' build. Download endpoints answer a Blob.
 *
 *   const page = await call(studentEndpoints.list, { query: { pageNumber: 1, pageSize: 10, status: '1' } });
 */
export async function call<E extends Endpoint>(
  e: E,
  ...[input, init]: CallArgs<E>
): Promise<EndpointResult<E>> {
  const i = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const url = endpointPath(e.path, i.params) + endpointQuery(i.query);
  const data = await request<unknown>(e.method, url, i.body, init, e.download ? 'blob' : 'json');
  if (e.download || !checkResponses) return data as EndpointResult<E>;
  const parsed = e.response.safeParse(data);
  if (!parsed.success) {
    console.error(`The answer of ${e.method} ${e.path} does not match its schema`, parsed.error.issues, data);
    throw new ApiError(commonMessages.internal, 0);
  }
  return parsed.data as EndpointResult<E>;
}
