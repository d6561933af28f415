// The test player offline (issue 27): after its first load the player's route reloads with no network at all (the
// service worker keeps the app's static files; the player keeps the open attempt in IndexedDB), an answer given
// offline waits on the device and reaches the server when the network returns; a submit and a sign-out forget the
// kept attempt. Service workers need the full Chromium (the headless shell has none).

import {
  learnerEndpoints as le,
  learnerMessages as lm,
  type PlayerQuestion,
} from '@assess/contracts/learner';
import { QuestionType } from '@assess/contracts/questions';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { STUDENT, takeableCopy } from './support/player';
import { resetServerClock } from './support/server';

/** The site root's files the page loaded (and the shell) that no cache of the page's origin holds yet. */
const notKept = (page: Page) =>
  page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return ['(no service worker controls the page)'];
    const files = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
      .map((u) => u.pathname);
    const missing: string[] = [];
    for (const f of ['/index.html', ...files]) if (!(await caches.match(f))) missing.push(f);
    return missing;
  });

/** Every path the page's origin keeps in its caches. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const keys = await Promise.all(names.map(async (n) => (await caches.open(n)).keys()));
    return keys.flat().map((r) => new URL(r.url).pathname);
  });

const keptAttemptIds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const req = indexedDB.open('assess-player-attempts');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('attempts')) return resolve([]);
          const all = db.transaction('attempts').objectStore('attempts').getAllKeys();
          all.onsuccess = () => resolve(all.result as number[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

describe('test player offline', () => {
  // service workers need the full browser, not the headless shell
  const s = useBrowser({}, { fullBrowser: true });
  afterAll(resetServerClock);

  it('after its first load the player reloads with no network, keeps an answer on the device and sends it when the network returns', async () => {
    s.page.setDefaultTimeout(30_000);
    const testId = await takeableCopy(s.page);
    const page = await s.open();
    const context = page.context();
    await signIn(page, STUDENT, { fresh: true });
    const api = apiOf(page);
    const { attemptId } = await api.call(le.start, { params: { testId } });
    const state = await api.call(le.attempt, { params: { attemptId } });

    // the service worker's file is never kept long by HTTP caches (a new worker is seen at once)
    const sw = await page.request.get(url('/sw.js'));
    expect(sw.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0\b/);

    // the first load, online: the worker takes the page over and keeps the shell and every file it loaded
    await page.goto(url(`/attempt/${attemptId}`));
    const pageOne = page.getByTestId('page-of').filter({ hasText: 'Page 1 of' });
    await pageOne.waitFor();
    await expect.poll(() => notKept(page), { timeout: 20_000 }).toEqual([]);
    await expect.poll(async () => (await keptAttemptIds(page)).includes(attemptId)).toBe(true);
    // nothing of the API (answers, user data) in the worker's caches
    expect((await cachedPaths(page)).filter((p) => p.startsWith('/api/'))).toEqual([]);

    // a deploy: the kept shell is another build's; online, a reload gets the server's page (network first) and
    // the kept shell follows it, while the files kept so far stay readable
    const served = await (await page.request.get(url('/index.html'))).text();
    await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('console-') && !n.endsWith('-previous'));
      const html =
        '<!doctype html><title>old build</title><script type="module" src="/assets/old.js"></script>';
      await (await caches.open(name as string)).put(
        '/index.html',
        new Response(html, { headers: { 'content-type': 'text/html' } }),
      );
    });
    await page.reload();
    await pageOne.waitFor();
    await expect
      .poll(() => page.evaluate(async () => (await caches.match('/index.html'))?.text()))
      .toBe(served);
    await expect.poll(() => notKept(page), { timeout: 20_000 }).toEqual([]);

    // no network at all: the reload still shows the attempt, on the page the student was on, with the banner
    await context.setOffline(true);
    await page.reload();
    await page.getByText(lm.offline).waitFor();
    await pageOne.waitFor();
    await page.getByRole('heading', { name: state.testName }).first().waitFor();

    // an answer given offline waits on the device ('Saving…'); the server does not have it yet
    const shown = await page
      .locator('[data-testid^="player-question-"]')
      .evaluateAll((els) =>
        els.map((e) => Number(e.getAttribute('data-testid')?.replace('player-question-', ''))),
      );
    const questions = state.sections.flatMap((x) => x.questions);
    const q = questions.find(
      (x) => shown.includes(x.number) && x.questionType !== QuestionType.Numerical,
    ) as PlayerQuestion;
    expect(q, 'page 1 shows a choice question').toBeDefined();
    await page
      .getByTestId(`player-question-${q.number}`)
      .getByRole(q.questionType === QuestionType.MCQ ? 'checkbox' : 'radio')
      .first()
      .check();
    await page.getByTestId('save-status').filter({ hasText: lm.saving }).waitFor();
    await shot(page, 'player-offline-reload');
    const before = await api.call(le.attempt, { params: { attemptId } });
    expect(before.answers.find((a) => a.questionId === q.questionId)).toBeUndefined();

    // the network returns: the answer is sent, the banner goes, the server holds it
    await context.setOffline(false);
    await page.getByText(lm.allSaved).waitFor({ timeout: 20_000 });
    expect(await page.getByText(lm.offline).count()).toBe(0);
    const held = await api.call(le.attempt, { params: { attemptId } });
    expect(held.answers.find((a) => a.questionId === q.questionId)?.choiceIds).toEqual([
      q.choices[0]?.choiceId,
    ]);

    // submitted here: the attempt kept on this device goes (a reload without a network must not show it open)
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await page
      .getByRole('dialog', { name: 'Submit the test?' })
      .getByRole('button', { name: 'Submit' })
      .click();
    await page.getByTestId('player-result').getByText(lm.submitted).waitFor();
    await expect.poll(() => keptAttemptIds(page)).not.toContain(attemptId);

    // signing out forgets every attempt kept on this device (the next person here reads none of them)
    const second = await api.call(le.start, { params: { testId } });
    await page.goto(url(`/attempt/${second.attemptId}`));
    await pageOne.waitFor();
    expect(await keptAttemptIds(page)).toEqual([second.attemptId]);
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/letsStart');
    expect(await keptAttemptIds(page)).toEqual([]);
  }, 180_000);
});
