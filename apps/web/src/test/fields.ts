// Field helpers shared by the component tests (the browser journeys' e2e/support/dates.ts, in Vitest's page).
import { formatDate } from '@assess/contracts/common';
import { expect } from 'vitest';
import { type Locator, page, userEvent } from 'vitest/browser';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, with or without the required mark. */
export const field = (scope: Locator, label: string) =>
  scope.getByLabelText(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

/** A select (MUI combobox) by label: opens it and picks the option. */
export async function pick(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A date picker (DateField: DD-Mon-YYYY sections) by its label, with or without the required mark. */
export const dayPicker = (scope: Locator, label: string) =>
  scope.getByRole('group', { name: new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`) });

/**
 * Fills a date or date-time picker (a group of sections) as a paste does: all its sections selected, then one
 * paste of `text` as the picker shows it (or cleared, with null), then Tab. Typing key by key into the first
 * section raced the picker's own selection of it, and cost a render of the form per character.
 */
export async function pasteInto(group: Locator, text: string | null) {
  await group.click();
  await userEvent.keyboard('{Control>}a{/Control}');
  if (text === null) await userEvent.keyboard('{Backspace}');
  else {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text', text);
    (document.activeElement ?? document.body).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }
  await userEvent.keyboard('{Tab}');
}

/** Sets a day picker (DD-Mon-YYYY) to a day (yyyy-mm-dd), pasted, and waits until the picker shows it. */
export async function setDay(scope: Locator, label: string, day: string) {
  const [y, m, d] = day.split('-').map(Number);
  const shown = formatDate(new Date(y, m - 1, d));
  await pasteInto(dayPicker(scope, label), shown);
  await expect.poll(() => dayShown(scope, label)).toBe(shown);
}

/** The texts of the open listbox's options (a select's or an autocomplete's), in order. */
export const optionTexts = () =>
  page
    .getByRole('option')
    .elements()
    .map((o) => o.textContent);

/** A toast (the app's Snackbar alert) with this text. */
export const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });

/** What a date picker shows (e.g. '05-Dec-2026'): its sections, without their direction marks. */
export const dayShown = (scope: Locator, label: string) =>
  dayPicker(scope, label)
    .getByRole('spinbutton')
    .elements()
    .map((e) => (e.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, ''))
    .join('-');

/**
 * Gives a file input these files in the page and fires its change, as a pick would: for big files, which
 * userEvent.upload would copy from the test runner to the browser byte by byte.
 */
export function chooseFiles(input: Locator, files: File[]) {
  const el = input.element() as HTMLInputElement;
  const list = new DataTransfer();
  for (const f of files) list.items.add(f);
  el.files = list.files;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
