import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, url, useBrowser } from './support/browser';

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
  const all = await Promise.all(bodies);
  const kb = all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024;
  return { kb, js: all.map((b) => b.toString('utf8')).join('\n') };
}

describe('bundle', () => {
  const s = useBrowser();

  it.each([
    ['/letsStart', 'heading'],
    ['/auth', 'button'],
  ])(`a first visit of %s loads less than ${BUDGET_KB} KB of gzipped JavaScript`, async (path, role) => {
    const { page } = s;
    const { kb, js } = await firstVisitJs(page, path, () =>
      page
        .getByRole(role as 'heading' | 'button')
        .first()
        .waitFor(),
    );
    console.log(`${path}: ${kb.toFixed(1)} KB gzip JS`);
    expect(kb).toBeLessThan(BUDGET_KB);
    // The right-to-left style plugin (RtlLayout's emotion cache 'muirtl') loads with /rtl only.
    expect(js).not.toContain('muirtl');
  });

  it('the right-to-left style plugin arrives with /rtl', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const { js } = await firstVisitJs(page, '/rtl', () => page.getByTestId('topbar-title').waitFor());
    expect(js).toContain('muirtl');
  });
});
