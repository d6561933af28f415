import { notificationMessages as m, notificationEndpoints } from '@assess/contracts/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { setPicker } from './support/schedule';
import { waitForMail } from './support/server';

const pdf = (text: string) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(text),
    Buffer.alloc(1000, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
/** The browser's zone: the runner's own (the journey sets none). */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function openNewMessage(page: Page) {
  await signIn(page, 'erp@example.com');
  await page.goto(url('/admin/notifications'));
  await page.getByRole('grid', { name: 'Messages' }).waitFor();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByLabel('Title').waitFor();
  return dialog;
}

/** Picks options of a multiple Autocomplete (all of them without `options`), then closes its list. */
async function pick(page: Page, label: string, options?: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  const names = options ?? (await list.getByRole('option').allTextContents());
  for (const name of names) await list.getByRole('option', { name, exact: true }).click();
  await page.getByRole('dialog').getByRole('heading').click();
  await list.waitFor({ state: 'hidden' });
}

/** A toast by its role and whole text: toasts stay in the accessibility tree while a modal is open. */
const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ has: page.getByText(text, { exact: true }) });

describe('messages', () => {
  const s = useBrowser();

  it('an interest-specific App + e-mail message for a test series is delivered and read in the inbox', async () => {
    const { page } = s;
    const title = `Mock test moved ${Date.now()}`;
    const dialog = await openNewMessage(page);
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    // Add off until the title and the message are written: NotificationFormModal.browser.test.tsx (issue 23)
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill('The JEE mock test moves to Saturday 10 AM.');
    await pick(page, 'Test Series', ['JEE Main Mock Series']);
    // Every interest of the provider: interest specific, and the demo student holds one of them.
    await pick(page, 'Interests');
    await dialog.getByRole('checkbox', { name: 'App', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Email', exact: true }).check();
    // the Schedule Date picker (DD-Mon-YYYY hh:mm AM/PM): this minute, so the job runner sends it at once
    await setPicker(dialog, 'Schedule Date', new Date(Math.floor(Date.now() / 60_000) * 60_000), ZONE);
    await dialog
      .getByTestId('attachment-input')
      .setInputFiles([{ name: 'timetable.pdf', mimeType: 'application/pdf', buffer: pdf('timetable') }]);
    await dialog.getByText('timetable.pdf').waitFor();
    await shot(page, 'messages-new-message');
    await checkA11y(page);
    await add.click();
    await toast(page, m.created).waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });

    // The job runner delivers it at the send time (now): wait until the API reports the sent rows, then the
    // grid (reloaded) shows the delivery.
    await expect
      .poll(
        async () => {
          const list = await apiOf(page).call(notificationEndpoints.list, {
            query: { pageNumber: 1, pageSize: 50 },
          });
          return list.items.find((n) => n.title === title)?.summary.sent ?? 0;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('grid', { name: 'Messages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Interest Specific').waitFor();
    await row.getByText('Email, App').waitFor();
    await row.getByText('Delivered').waitFor();
    await row.getByText(/\d+ sent/).waitFor();
    await shot(page, 'messages-grid-delivered');
    const mail = await waitForMail('student@example.com');
    expect(mail).toContain(title);
    expect(mail).toContain('timetable.pdf');

    // The recipient reads it in the inbox; the bell's count drops when it is opened.
    const student = await s.open();
    await signIn(student, 'student@example.com');
    await student.goto(url('/dashboard'));
    const bell = student.getByRole('link', { name: /^Messages, \d+ unread$/ });
    await bell.waitFor();
    const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
    await bell.click();
    await student.waitForURL((u) => u.pathname === '/inbox');
    const item = student.getByRole('button', { name: new RegExp(title) });
    await item.waitFor();
    await item.click();
    await student.getByText('The JEE mock test moves to Saturday 10 AM.').waitFor();
    const link = student.getByRole('link', { name: 'timetable.pdf' });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/inbox\/\d+\/attachments\/\d+$/);
    const download = await student.request.get(url((await link.getAttribute('href')) ?? ''));
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.7');
    if (before > 1) await student.getByRole('link', { name: `Messages, ${before - 1} unread` }).waitFor();
    else await student.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await shot(student, 'inbox-read');
    await checkA11y(student);
  });

  // the form's rules in one toast, the attachment rules and push locking the schedule field:
  // apps/web/src/features/messages/NotificationFormModal.browser.test.tsx (issue 23)
});
