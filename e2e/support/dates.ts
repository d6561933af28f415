// The console's date fields (apps/web/src/components/DateField.tsx): DD-Mon-YYYY pickers whose field is a group of
// sections (day, month, year) rather than one text box, so they are filled by typing into the sections.
import { formatDate } from '@assess/contracts/common';
import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A date picker by its label, with or without the required mark. */
export const dayPicker = (scope: Locator | Page, label: string) =>
  scope.getByRole('group', { name: new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`) });

/** Types a day (yyyy-mm-dd) into a picker: day, month (as digits) and year, from its first section on. */
export async function setDay(scope: Locator | Page, label: string, day: string) {
  const first = dayPicker(scope, label).getByRole('spinbutton').first();
  const page = first.page();
  // focus, not click: while the field is empty its floating label lies over the sections; what is typed
  // replaces each section in turn
  await first.focus();
  // the picker selects the focused section a moment later: type once it has
  await first.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const ready = () => {
          const sel = document.getSelection();
          if (sel?.anchorNode && el.contains(sel.anchorNode)) resolve();
          else requestAnimationFrame(ready);
        };
        ready();
      }),
  );
  const [y, m, d] = day.split('-');
  await page.keyboard.type(`${d}${m}${y}`, { delay: 20 });
  await page.keyboard.press('Tab');
}

/** What a picker shows (e.g. '05-Dec-2026'): its sections, without their direction marks. */
export async function dayShown(scope: Locator | Page, label: string) {
  const sections = await dayPicker(scope, label).getByRole('spinbutton').allTextContents();
  return sections.map((t) => t.replace(/[\u2066-\u2069\u200e\u200f]/g, '')).join('-');
}

/** yyyy-mm-dd as the console writes it: DD-Mon-YYYY (e.g. 2026-12-05 → 05-Dec-2026). */
export const dayText = (day: string) => formatDate(new Date(`${day}T12:00:00`));
