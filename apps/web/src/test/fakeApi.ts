// The component tests' API: a fake built from the contracts' endpoint definitions (issue 23). A test says
//
//   fakeApi.on(questionBankEndpoints.tree, () => ({ nodes: [...], topicHierarchy: 3 }))
//
// and the console's `call()` reaches it through `fetch`. The request is parsed by the endpoint's params,
// query and body schemas (a console that sends what the server would refuse fails the test), and every
// fake answer is parsed by the endpoint's response schema before it is sent, as the server's serializer
// does, so a fake cannot drift from the server. A call nobody faked fails the test too.

import {
  commonMessages,
  type Endpoint,
  type EndpointReply,
  type EndpointRequest,
} from '@assess/contracts/common';
import type { z } from 'zod';

/** An error answer (`{message, fields?}`, as the API's error handler sends). */
export class FakeError {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly fields?: Record<string, string[]>,
  ) {}
}
/** `return apiError(400, m.codeTaken)` from a handler answers that error. */
export const apiError = (status: number, message: string, fields?: Record<string, string[]>) =>
  new FakeError(status, message, fields);

type Answer<E extends Endpoint> = E extends { readonly download: string } ? Blob : EndpointReply<E>;
export type FakeHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
) => Answer<E> | FakeError | Promise<Answer<E> | FakeError>;

type Route = { endpoint: Endpoint; match: RegExp; names: string[]; handler: FakeHandler<Endpoint> };
type Call = { endpoint: Endpoint; request: EndpointRequest<Endpoint> };

const routeOf = (e: Endpoint, handler: FakeHandler<Endpoint>): Route => {
  const names: string[] = [];
  const source = e.path
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
  return { endpoint: e, match: new RegExp(`^${source}$`), names, handler };
};

/** A search string as the server's query parser sees it: repeated keys become arrays. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const k of new Set(search.keys())) {
    const all = search.getAll(k);
    out[k] = all.length > 1 ? all : all[0];
  }
  return out;
}

const json = (status: number, data: unknown) =>
  new Response(data === undefined ? null : JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const issuesText = (what: string, e: Endpoint, issues: z.core.$ZodIssue[]) =>
  `${what} of ${e.method} ${e.path}: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`;

export class FakeApi {
  private routes: Route[] = [];
  /** Every faked call, in order. */
  readonly calls: Call[] = [];
  /** What went wrong (an unfaked call, an answer its schema refuses): the test fails with these. */
  readonly problems: string[] = [];
  private original: typeof fetch | undefined;

  /** Answers `endpoint` with `handler` (the latest `on` for an endpoint wins). */
  on<E extends Endpoint>(endpoint: E, handler: FakeHandler<E>): this {
    this.routes = this.routes.filter((r) => r.endpoint !== endpoint);
    this.routes.unshift(routeOf(endpoint, handler as unknown as FakeHandler<Endpoint>));
    return this;
  }

  /** The requests (parsed params, query and body) the console made to `endpoint`. */
  requestsTo<E extends Endpoint>(endpoint: E): EndpointRequest<E>[] {
    return this.calls.filter((c) => c.endpoint === endpoint).map((c) => c.request as EndpointRequest<E>);
  }

  install() {
    if (this.original) return;
    this.original = globalThis.fetch;
    globalThis.fetch = (input, init) => this.handle(new Request(input, init));
  }

  /** Restores `fetch` and forgets handlers, calls and problems. */
  reset() {
    if (this.original) globalThis.fetch = this.original;
    this.original = undefined;
    this.routes = [];
    this.calls.length = 0;
    this.problems.length = 0;
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (!url.pathname.startsWith('/api/')) return (this.original ?? fetch)(req);
    let params: Record<string, string> = {};
    const route = this.routes.find((r) => {
      if (r.endpoint.method !== req.method) return false;
      const m = r.match.exec(url.pathname);
      if (!m) return false;
      params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
      return true;
    });
    if (!route) {
      this.problems.push(
        `The console called ${req.method} ${url.pathname}${url.search}, which no test faked`,
      );
      return json(404, { message: commonMessages.internal });
    }
    const e = route.endpoint;
    const parsed: Record<string, unknown> = { params: {}, query: {}, body: undefined };
    for (const [part, schema, value] of [
      ['params', e.params, params],
      ['query', e.query, queryObject(url.searchParams)],
      [
        'body',
        e.multipart ? undefined : e.body,
        e.body && !e.multipart ? await req.json().catch(() => undefined) : undefined,
      ],
    ] as const) {
      if (!schema) continue;
      const r = schema.safeParse(value);
      if (!r.success) {
        // the server's edge would refuse it: the console must not send it
        this.problems.push(issuesText(`The request ${part}`, e, r.error.issues));
        return json(400, { message: r.error.issues[0]?.message ?? commonMessages.internal });
      }
      parsed[part] = r.data;
    }
    if (e.multipart) parsed.body = await req.formData();
    const request = parsed as EndpointRequest<Endpoint>;
    this.calls.push({ endpoint: e, request });
    const answer = await route.handler(request);
    if (answer instanceof FakeError)
      return json(answer.status, { message: answer.message, fields: answer.fields });
    if (e.download)
      return new Response(answer as Blob, { status: 200, headers: { 'content-type': e.download } });
    const r = e.response.safeParse(answer);
    if (!r.success) {
      this.problems.push(issuesText('The fake answer', e, r.error.issues));
      return json(500, { message: commonMessages.internal });
    }
    return json(e.status ?? 200, r.data);
  }
}

/** The one fake of a test file (set up and checked by src/test/setup.ts around every test). */
export const fakeApi = new FakeApi();
