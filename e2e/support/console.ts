import { isMenuGroup, type MenuEntry, visibleMenu } from '@assess/contracts/access';
import { authEndpoints, type Session } from '@assess/contracts/auth';
import type { Page } from 'playwright-core';
import { apiOf } from './api';

/** The signed-in session as the page sees it (GET /api/auth/session with the page's cookies). */
export const pageSession = (page: Page): Promise<Session> => apiOf(page).call(authEndpoints.session);

/** Group and item labels in menu order (a group's label, then its items). */
export const flattenMenu = (entries: MenuEntry[]) =>
  entries.flatMap((e) => (isMenuGroup(e) ? [e.label, ...e.items.map((i) => i.label)] : [e.label]));

/** The menu contracts' visibleMenu gives the page's session. */
async function expectedMenu(page: Page) {
  const s = await pageSession(page);
  return visibleMenu({
    userTypeId: s.userDetails.userTypeId,
    providerId: s.userDetails.providerId,
    providerTypeId: s.userDetails.providerTypeId,
    privileges: s.privilegeObject,
  });
}

/** The labels contracts' visibleMenu gives the page's session. */
export async function expectedMenuLabels(page: Page) {
  return flattenMenu(await expectedMenu(page));
}

/** The labels the sidebar (or the open mobile drawer) shows, groups included. */
export async function menuLabels(page: Page) {
  const nav = page.locator('nav[aria-label="Main menu"]');
  await nav.locator('[data-menu-key]').first().waitFor({ state: 'attached' });
  return nav.locator('[data-menu-key]').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
}

/** Waits for a signed-in layout to show the page title in the top bar. */
export async function topBarTitle(page: Page) {
  const title = page.getByTestId('topbar-title');
  await title.waitFor();
  return (await title.textContent())?.trim();
}
