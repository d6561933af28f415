import { commonMessages } from '@assess/contracts/common';

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

/** Paths are relative to /api: `api.get('/auth/session')` calls GET /api/auth/session. */
async function request<T>(method: string, path: string, body?: Body, init: Options = {}): Promise<T> {
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
    res = await fetch(`/api${path}`, { ...init, method, headers, body: payload, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(commonMessages.internal, 0);
  }
  const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown =
    res.status === 204 ? undefined : isJson ? await res.json().catch(() => undefined) : undefined;
  if (!res.ok) {
    const err = (data ?? {}) as { message?: unknown; fields?: Record<string, string[]> };
    const message = typeof err.message === 'string' ? err.message : commonMessages.internal;
    throw new ApiError(message, res.status, err.fields);
  }
  return data as T;
}

/** The one JSON client of the console: same-origin cookies, JSON in and out, ApiError on failure. */
export const api = {
  get: <T>(path: string, init?: Options) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: Body, init?: Options) => request<T>('POST', path, body, init),
  put: <T>(path: string, body?: Body, init?: Options) => request<T>('PUT', path, body, init),
  delete: <T>(path: string, init?: Options) => request<T>('DELETE', path, undefined, init),
};
