import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { authEndpoints } from '@assess/contracts/auth';
import type { AxeResults } from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { apiOf } from './api';
import { screenshotsDir, tmpDir } from './paths';

export const DEMO_PASSWORD = 'Demo@1234';

/** Absolute URL of a console path on the server the global setup started. */
export const url = (p: string) => `${inject('baseUrl')}${p}`;

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the "old" headless mode that Playwright
 * itself prefers for headless runs: no browser UI, about half the CPU per page) when installed, else the full
 * browser (/usr/bin/chromium). CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The full browser, for what the headless shell lacks (service workers and the Push API). */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(executablePath = chromiumPath): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export type Session = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the pages opened in this test (checked after each test). */
  pageErrors: string[];
  /** Another fresh context and page in this test (closed after it), e.g. with a mobile viewport. */
  open: (options?: BrowserContextOptions) => Promise<Page>;
};

/**
 * One browser per file, a fresh context and page per test; fails a test whose pages threw uncaught errors.
 * Use inside a describe: `const s = useBrowser(); it('...', async () => { await s.page.goto(url('/')) })`.
 */
export function useBrowser(
  defaults: BrowserContextOptions = {},
  { fullBrowser = false }: { fullBrowser?: boolean } = {},
): Session {
  const s = { pageErrors: [] as string[] } as Session;
  const contexts: BrowserContext[] = [];
  s.open = async (options = {}) => {
    const context = await s.browser.newContext({
      viewport: { width: 1366, height: 860 },
      // as a user whose system asks for less motion: the console then shows dialogs, menus and drawers without
      // their transitions (WCAG 2.3.3), so a step waits for no animation and Chromium renders no frames of one
      reducedMotion: 'reduce',
      ...defaults,
      ...options,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => s.pageErrors.push(`${page.url()}: ${e.message}`));
    return page;
  };
  beforeAll(async () => {
    s.browser = await launchBrowser(fullBrowser ? fullChromiumPath : chromiumPath);
  });
  afterAll(async () => {
    await s.browser?.close();
  });
  beforeEach(async () => {
    s.pageErrors.length = 0;
    s.page = await s.open();
    s.context = s.page.context();
  });
  afterEach(async () => {
    const errors = [...s.pageErrors];
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  return s;
}

const sessionFile = (email: string) =>
  path.join(tmpDir, 'sessions', `${email.replace(/[^a-z0-9@.]/gi, '_')}.json`);

/**
 * Signs `email` in for this page's context through the API (the UI sign-in has its own tests). Sessions
 * are reused across the run (the API limits sign-ins per address); pass fresh for a session of your own,
 * e.g. before signing out.
 */
export async function signIn(page: Page, email: string, { fresh = false } = {}) {
  const file = sessionFile(email);
  if (!fresh && fs.existsSync(file)) {
    await page.context().addCookies(JSON.parse(fs.readFileSync(file, 'utf8')));
    // Another test (any file, any order) may have ended this session: signed out with it, changed the
    // password, moved the clock. Then sign in again instead of failing on a stale cookie.
    if ((await apiOf(page).send(authEndpoints.session)).ok()) return;
    await page.context().clearCookies();
  }
  await apiOf(page).call(authEndpoints.signIn, { body: { userName: email, password: DEMO_PASSWORD } });
  if (!fresh) fs.writeFileSync(file, JSON.stringify((await page.context().storageState()).cookies));
}

/** Signs in through the /auth form. */
export async function signInViaForm(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto(url('/auth'));
  await page.getByLabel('UserName').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Waits until the URL path is `pathname` (query and hash ignored). */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((u) => u.pathname === pathname);
}

/** The opt-in visual run (E2E_VISUAL=1): screenshots of every page the tests visit. CI and plain runs skip them. */
export const visualRun = process.env.E2E_VISUAL === '1';

/**
 * In the visual run (E2E_VISUAL=1), saves a full-page PNG as e2e/screenshots/<name>.png once fonts and transitions
 * have settled; otherwise does nothing (a screenshot asserts nothing, and 170 of them cost minutes of CI).
 */
export async function shot(page: Page, name: string) {
  if (!visualRun) return;
  fs.mkdirSync(screenshotsDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(150);
  await page.screenshot({
    path: path.join(screenshotsDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * In the visual run (E2E_VISUAL=1), runs axe-core on the whole page and fails on serious or critical violations;
 * otherwise does nothing: every dialog and page component runs axe in its component test (issue 23), and the
 * page-level scans of the journeys are the opt-in visual run's, like the screenshots.
 */
export async function checkA11y(page: Page) {
  if (!visualRun) return;
  // a grid still loading (its progress bar, no rows yet) is scanned once it has loaded
  await page.waitForFunction(() => !document.querySelector('.MuiDataGrid-root .MuiLinearProgress-root'));
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResults> } }).axe.run(document),
  );
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
