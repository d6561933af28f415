// The API tests' typed inject client (issue 23): every call names an endpoint definition of the contracts, as the
// console does, so method, path, parameters and body are the console's and the server's; a success answer is
// parsed by the endpoint's response schema (an answer that drifted from the contract fails the test).
//
//   const erp = await signedIn(t, 'erp@example.com');
//   const { testId } = await erp.call(testEditorEndpoints.create, { body: { code: 'T-1', name: 'A test' } });
//   const res = await erp.send(testEditorEndpoints.publish, { params: { testId } }); // a refusal to assert
import {
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  endpointPath,
  endpointQuery,
} from '@assess/contracts/common';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../harness';

/** Sends as whoever `cookie` signed in as (no cookie: anonymous). */
export function clientOf(t: TestApp, cookie?: string) {
  /** The raw answer (for asserting refusals). */
  function send<E extends Endpoint>(e: E, input?: EndpointInput<E>): Promise<LightMyRequestResponse> {
    const params = input?.params as Record<string, unknown> | undefined;
    const query = input?.query as Record<string, unknown> | undefined;
    const body = input?.body as object | undefined;
    return t.app.inject({
      method: e.method,
      url: `${endpointPath(e.path, params)}${endpointQuery(query)}`,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  /** A non-success answer throws with its status and body; the answer is parsed by the response schema. */
  async function call<E extends Endpoint>(e: E, input?: EndpointInput<E>): Promise<EndpointResult<E>> {
    const res = await send(e, input);
    if (res.statusCode >= 300)
      throw new Error(`${e.method} ${e.path} answered ${res.statusCode}: ${res.body}`);
    if (e.download) return new Blob([res.rawPayload], { type: e.download }) as EndpointResult<E>;
    const parsed = e.response.safeParse(res.body ? JSON.parse(res.body) : undefined);
    if (!parsed.success)
      throw new Error(
        `${e.method} ${e.path}: the answer does not match the contract: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
          .join('; ')}`,
      );
    return parsed.data as EndpointResult<E>;
  }

  return { cookie: cookie ?? '', call, send };
}
export type Client = ReturnType<typeof clientOf>;

/** A client signed in as `userName` (a demo account's password unless given). */
export async function signedIn(t: TestApp, userName: string, password?: string) {
  return clientOf(t, await t.signIn(userName, password));
}

/** What a refused call answered: its status and the API's message (and field messages when there are some). */
export function failure(res: LightMyRequestResponse) {
  const body = (res.body ? JSON.parse(res.body) : {}) as {
    message?: string;
    fields?: Record<string, string[]>;
  };
  return { status: res.statusCode, message: body.message, ...(body.fields ? { fields: body.fields } : {}) };
}

/** Asserts a refused request: its status and the exact message. */
export async function refused(
  res: { statusCode: number; json(): { message: string } },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
}

/** A request by URL with a session cookie, the answer unparsed (refusals, paths outside the contracts). */
export const requester =
  (t: TestApp) =>
  (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** Requests by URL as a signed-in user, answers unparsed: `const erp = await as(t, 'erp@example.com'); await erp.get('/api/...')`. */
export async function as(t: TestApp, userName: string, password?: string) {
  const cookie = await t.signIn(userName, password);
  const req = requester(t);
  return {
    cookie,
    get: (url: string) => req(cookie, 'GET', url),
    post: (url: string, body?: unknown) => req(cookie, 'POST', url, body ?? {}),
    put: (url: string, body?: unknown) => req(cookie, 'PUT', url, body ?? {}),
    delete: (url: string) => req(cookie, 'DELETE', url),
  };
}
export type Caller = Awaited<ReturnType<typeof as>>;
