import { defineEndpoint } from '@assess/contracts/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, call } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in',
  tags: [],
  summary: '',
  access: { public: true },
  body: z.object({ userName: z.string(), password: z.string() }),
  response: z.object({ ok: z.boolean() }),
});
const signOut = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  tags: [],
  summary: '',
  access: { signedIn: true },
  response: z.object({ message: z.string() }),
});
const detail = defineEndpoint({
  method: 'GET',
  path: '/api/things/:id/parts/:name',
  tags: [],
  summary: '',
  access: { signedIn: true },
  params: z.object({ id: z.coerce.number(), name: z.string() }),
  query: z.object({ page: z.coerce.number().optional(), tag: z.array(z.string()).optional() }),
  response: z.object({ id: z.number() }),
});
const download = defineEndpoint({
  method: 'GET',
  path: '/api/things/export',
  tags: [],
  summary: '',
  access: { signedIn: true },
  download: 'text/csv',
  response: z.any(),
});

describe('the typed caller', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON same-origin to the endpoint path and returns the parsed answer', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await call(signIn, { body: { userName: 'a', password: 'b' } })).toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/sign-in');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"userName":"a","password":"b"}');
  });

  it('fills path parameters (encoded) and the query (arrays as repeated keys, undefined left out)', async () => {
    const fetch = vi.fn(async () => json(200, { id: 5 }));
    vi.stubGlobal('fetch', fetch);
    await call(detail, { params: { id: 5, name: 'a/b c' }, query: { page: undefined, tag: ['x', 'y'] } });
    expect(fetch.mock.calls[0][0 as never]).toBe('/api/things/5/parts/a%2Fb%20c?tag=x&tag=y');
  });

  it('a body-less POST sends no content type (the API refuses an empty JSON body)', async () => {
    const fetch = vi.fn(async () => json(200, { message: 'Signed out.' }));
    vi.stubGlobal('fetch', fetch);
    await call(signOut);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('refuses an answer that does not match the endpoint schema (development and test builds)', async () => {
    vi.stubGlobal('fetch', async () => json(200, { ok: 'yes' }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(call(signIn, { body: { userName: 'a', password: 'b' } })).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('answers a Blob for a download endpoint', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('a,b', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const blob = await call(download);
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('a,b');
  });

  it("throws an ApiError with the server's message, status and fields", async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { message: 'Please check the highlighted fields.', fields: { a: ['x'] } }),
    );
    const err = await call(signOut).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: 'Please check the highlighted fields.',
      status: 400,
      fields: { a: ['x'] },
    });
  });

  it('a network failure or a non-JSON error becomes a generic ApiError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(signOut)).rejects.toMatchObject({ status: 0 });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(call(signOut)).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });
});
