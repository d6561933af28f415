import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every registered /api route with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const apiRoutes = t.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.hidden && !r.url.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(3);
    const missing = apiRoutes.filter((r) => {
      const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return !doc.paths?.[path]?.[r.method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('every /api route is registered from a contract endpoint definition', () => {
    const own = t.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    );
    expect(own.length).toBeGreaterThan(40);
    expect(
      own.filter((r) => r.endpoint !== `${r.method} ${r.url}`).map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });

  it('serves the interactive docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404 and never a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('authentication before validation', () => {
  it('every private operation of the OpenAPI document answers 401 without a session, before reading its input', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const publicOps = new Set<string>();
    for (const r of t.routes) {
      if (r.access && 'public' in r.access) publicOps.add(`${r.method} ${r.url}`);
    }
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const routeUrl = path.replace(/\{([^}]+)\}/g, ':$1');
        if (publicOps.has(`${method.toUpperCase()} ${routeUrl}`)) continue;
        // A body that fails every schema: a caller without a session must not learn what is wrong with it.
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete'
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: '{"unexpected":true}' }),
        });
        checked.push(`${method.toUpperCase()} ${path}`);
        if (res.statusCode !== 401 || res.json().fields)
          wrong.push(`${method.toUpperCase()} ${path} → ${res.statusCode}`);
      }
    }
    expect(checked.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
