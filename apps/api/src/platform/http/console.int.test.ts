import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// The built console as the server serves it: files, the app's page for its routes, and no page for a lost chunk.
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-console-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(dist, 'assets/app-1234.js'), 'console.log(1)');
  t = await createTestApp({ config: { webDist: dist } as never });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the console files', () => {
  it('serves a built file, the page for a client route, and 404 for a built file that is not there', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('console.log(1)');
    const route = await t.app.inject({ method: 'GET', url: '/attempt/12' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>console</title>');
    // An old build's chunk after a deploy: a 404 (the player's service worker then keeps what it has), not HTML.
    const lost = await t.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(lost.statusCode).toBe(404);
    expect(lost.headers['content-type']).toContain('application/json');
  });
});
