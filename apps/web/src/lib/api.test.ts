import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON same-origin under /api and returns the parsed answer', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await api.post('/auth/sign-in', { userName: 'a', password: 'b' })).toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/sign-in');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"userName":"a","password":"b"}');
  });

  it('a body-less POST sends no content type (the API refuses an empty JSON body)', async () => {
    const fetch = vi.fn(async () => json(200, { message: 'Signed out.' }));
    vi.stubGlobal('fetch', fetch);
    await api.post('/auth/sign-out');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it("throws an ApiError with the server's message, status and fields", async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { message: 'Please check the highlighted fields.', fields: { a: ['x'] } }),
    );
    const err = await api.get('/x').catch((e: unknown) => e);
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
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('204 answers resolve to undefined', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    expect(await api.delete('/x')).toBeUndefined();
  });
});
