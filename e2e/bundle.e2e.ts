import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { url, useBrowser } from './support/browser';

const BUDGET_KB = 300;

/** Gzip size of all the JavaScript a first visit of `path` downloads. */
async function firstVisitJs(page: Page, path: string, ready: () => Promise<unknown>) {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) bodies.push(res.body());
  });
  await page.goto(url(path));
  await ready();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(bodies.map(async (b) => gzipSync(await b, { level: 9 }).length));
  return sizes.reduce((a, b) => a + b, 0) / 1024;
}

describe('bundle', () => {
  const s = useBrowser();

  it.each([
    ['/letsStart', 'heading'],
    ['/auth', 'button'],
  ])(`a first visit of %s loads less than ${BUDGET_KB} KB of gzipped JavaScript`, async (path, role) => {
    const { page } = s;
    const kb = await firstVisitJs(page, path, () =>
      page
        .getByRole(role as 'heading' | 'button')
        .first()
        .waitFor(),
    );
    console.log(`${path}: ${kb.toFixed(1)} KB gzip JS`);
    expect(kb).toBeLessThan(BUDGET_KB);
  });
});
