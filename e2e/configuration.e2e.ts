import { configurationEndpoints } from '@assess/contracts/configuration';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { shot, signIn, url, useBrowser } from './support/browser';
import { createStudent, uniqueWord } from './support/students';
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

/** Adds a State value of the signed-in provider through the API (a value no other test knows). */
async function addState(page: Page, value: string) {
  return (await apiOf(page).call(configurationEndpoints.add, { body: { key: 'State', value } })).item;
}

const WAIT = { timeout: 10_000 };

describe('System Configuration page (/admin/Configuration)', () => {
  const s = useBrowser();

  it('adds a city (trimmed), then refuses its duplicate written in another case and with spaces', async () => {
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

    const twisted = ` n${name.slice(1).toUpperCase()}   `;
    await city.getByRole('textbox', { name: 'City' }).fill(twisted);
    await city.getByRole('button', { name: '+ Add' }).click();
    await expect
      .poll(() => page.getByText(`"${twisted.trim()}" already is exist`).count(), WAIT)
      .toBeGreaterThan(0);
    await shot(page, 'configuration-city-duplicate');
    // still one row of that city
    const rows = await city.getByRole('gridcell', { name: new RegExp(`^${name}$`, 'i') }).count();
    expect(rows).toBe(1);
  });

  it('a value in use cannot be deactivated: the in-use message shows and the switch reverts', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    // A state a student lives in, and one nobody uses: both made by this test.
    const inUse = await addState(page, `Statein ${uniqueWord()}`);
    await createStudent(page, undefined, { state: inUse.id });
    const unused = await addState(page, `Statefree ${uniqueWord()}`);
    await page.goto(url('/admin/Configuration'));
    const state = await openSection(page, 'State');
    await state.getByRole('button', { name: 'Go to next page' }).waitFor();
    const toggle = await switchOf(state, inUse.label);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => page.getByText('The State is in used.').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => toggle.isChecked(), WAIT).toBe(true);
    await shot(page, 'configuration-state-in-use');

    // A value nobody uses can be switched off and on again.
    const free = await switchOf(state, unused.label);
    await free.click();
    await expect
      .poll(() => page.getByText('Configuration Updated successfully').count(), WAIT)
      .toBeGreaterThan(0);
    await expect.poll(() => free.isChecked(), WAIT).toBe(false);
    await page.reload();
    const again = await openSection(page, 'State');
    const freeAgain = await switchOf(again, unused.label);
    expect(await freeAgain.isChecked()).toBe(false);
    await freeAgain.click();
    await expect.poll(() => freeAgain.isChecked(), WAIT).toBe(true);
  }, 120_000);

  // the empty value's message, a Read Only user's and a Subscriber's page, and axe:
  // apps/web/src/features/configuration/ConfigurationPage.browser.test.tsx (issue 23)
});
