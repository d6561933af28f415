// The browser tests' typed API client (issue 23): every call names an endpoint definition of the contracts, so
// method, path, parameters and body are the console's and the server's, and a success answer is parsed by the
// endpoint's response schema (a server answer that drifted from the contract fails the test). It sends with the
// page's own cookies (page.request), so a call acts as whoever the page signed in as.
//
//   const api = apiOf(page);
//   const { testId } = await api.call(testListEndpoints.copy, { params: { testId }, body: { ... } });
//   const res = await api.send(testEditorEndpoints.publish, { params: { testId } }); // a refusal to assert
//   expect(await failure(res)).toEqual({ status: 400, message: 'Test not activated.' });

import {
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  endpointPath,
  endpointQuery,
} from '@assess/contracts/common';
import type { APIResponse, Page } from 'playwright-core';
import { url } from './browser';

/** The absolute URL of an endpoint with its parameters and query. */
export function endpointUrl<E extends Endpoint>(e: E, input?: Partial<EndpointInput<E>>) {
  const params = input?.params as Record<string, unknown> | undefined;
  const query = input?.query as Record<string, unknown> | undefined;
  return url(`${endpointPath(e.path, params)}${endpointQuery(query)}`);
}

/** What a refused call answered: its status and the API's message (and field messages when there are some). */
export async function failure(res: APIResponse) {
  const body = (await res.json().catch(() => ({}))) as {
    message?: string;
    fields?: Record<string, string[]>;
  };
  return { status: res.status(), message: body.message, ...(body.fields ? { fields: body.fields } : {}) };
}

export type ApiClient = ReturnType<typeof apiOf>;

/** The typed client of a page (its signed-in user's cookies), or of a request context of its own. */
export function apiOf(page: Pick<Page, 'request'>) {
  /** Sends the request and returns the raw answer (for asserting refusals). */
  async function send<E extends Endpoint>(e: E, input?: EndpointInput<E>): Promise<APIResponse> {
    const body = input?.body as unknown;
    const options =
      body instanceof FormData
        ? { multipart: body }
        : body === undefined
          ? {}
          : { data: body as Record<string, unknown> };
    return page.request.fetch(endpointUrl(e, input), { method: e.method, ...options });
  }
  /** Sends the request; a non-success answer throws with its status and body; the answer is schema-checked. */
  async function call<E extends Endpoint>(e: E, input?: EndpointInput<E>): Promise<EndpointResult<E>> {
    const res = await send(e, input);
    if (!res.ok()) throw new Error(`${e.method} ${e.path} answered ${res.status()}: ${await res.text()}`);
    if (e.download)
      return new Blob([new Uint8Array(await res.body())], { type: e.download }) as EndpointResult<E>;
    const text = await res.text();
    const parsed = e.response.safeParse(text ? JSON.parse(text) : undefined);
    if (!parsed.success) {
      throw new Error(
        `${e.method} ${e.path}: the answer does not match the contract: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
          .join('; ')}`,
      );
    }
    return parsed.data as EndpointResult<E>;
  }
  return { call, send };
}
