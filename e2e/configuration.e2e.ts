import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, url, useBrowser } from './support/browser';
import { uniqueWord } from './support/students';
import { toastText } from './support/ui';

/** Opens one collapsible section of the System Configuration page and returns it. */
async function openSection(page: Page, title: string) {
  const header = page.getByRole('button', { name: title, exact: true });
  // The page's first paint loads its code: on a loaded machine that can take longer than a click.
  await header.waitFor({ timeout: 30_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const region = page.locator(`[aria-labelledby="${await header.getAttribute('id')}"]`);
  await region.getByRole('grid').waitFor();
  return region;
}

/** The active switch of a value, paging forward through its section's grid until it shows. */
async function switchOf(section: Locator, value: string) {
  const toggle = section.getByRole('switch', { name: `${value} active` });
  await section.getByRole('switch').first().waitFor(); // the rows have loaded
  for (let i = 0; i < 10 && !(await toggle.isVisible()); i++) {
    await section.getByRole('button', { name: 'Go to next page' }).click();
    await section.getByRole('switch').first().waitFor();
  }
  return toggle;
}

const WAIT = { timeout: 10_000 };

describe('System Configuration page (/admin/Configuration)', () => {
  const s = useBrowser();

  it('adds a city (trimmed), switches it off and on again', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/Configuration'));
    // A city no run has added yet: "Nashik <unique word>".
    const name = `Nashik ${uniqueWord()}`;
    const city = await openSection(page, 'City');
    await city.getByRole('textbox', { name: 'City' }).fill(`  ${name}  `);
    await city.getByRole('button', { name: '+ Add' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe('City Added successfully');
    await city.getByRole('gridcell', { name, exact: true }).waitFor();
    expect(await city.getByRole('textbox', { name: 'City' }).inputValue()).toBe('');
    await shot(page, 'configuration-city-added');
    // (its duplicate in another case and with spaces, and a value in use that cannot be deactivated: refused by
    // the server in apps/api/src/modules/configuration/configuration.int.test.ts, shown by the page with the switch
    // reverting in apps/web/src/features/configuration/ConfigurationPage.browser.test.tsx, issue 23)

    // A value nobody uses can be switched off and on again.
    const free = await switchOf(city, name);
    expect(await free.isChecked()).toBe(true);
    await free.click();
    await expect
      .poll(() => page.getByText('Configuration Updated successfully').count(), WAIT)
      .toBeGreaterThan(0);
    await expect.poll(() => free.isChecked(), WAIT).toBe(false);
    await shot(page, 'configuration-city-off');
    // (kept by the server: configuration.int.test.ts 'deactivates and reactivates a value not in use', issue 23)
    await free.click();
    await expect.poll(() => free.isChecked(), WAIT).toBe(true);
  });

  // the empty value's message, a Read Only user's and a Subscriber's page, and axe:
  // apps/web/src/features/configuration/ConfigurationPage.browser.test.tsx (issue 23)
});
