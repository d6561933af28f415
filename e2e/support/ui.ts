// The console's dialogs, fields, pickers and toasts as the browser journeys find them (issue 23): one way each,
// shared by the e2e files instead of a local copy in every file.
import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, with or without the required mark. */
export const field = (scope: Locator | Page, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

/** A select (MUI combobox) by the start of its label: opens it and picks the option. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A toast (the app's Snackbar alert) that says `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** The text of the first toast shown (to poll for the one expected). */
export const toastText = (page: Page) => page.locator('.MuiSnackbar-root .MuiAlert-message').first();

/** Opens an item of the top bar's account menu (Profile, Change password, Log out). */
export async function accountMenuItem(page: Page, item: 'Profile' | 'Change password' | 'Log out') {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
