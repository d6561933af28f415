import { isMenuGroup, type MenuEntry, visibleMenu } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import type { Page } from 'playwright-core';

/** The signed-in session as the page sees it (GET /api/auth/session from the page). */
export async function pageSession(page: Page): Promise<Session> {
  return page.evaluate(() =>
    fetch('/api/auth/session', { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`GET /api/auth/session answered ${r.status}`);
      return r.json();
    }),
  );
}

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

/** The links (label and path, groups' items in place) contracts' visibleMenu gives the page's session. */
export async function expectedMenuLinks(page: Page) {
  return (await expectedMenu(page))
    .flatMap((e) => (isMenuGroup(e) ? e.items : [e]))
    .map(({ label, path }) => ({ label, path }));
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
