// The palette's place on the page, shared by the palette and the sticky bar's Questions button (phones).

/** The palette's element id: the bar's Questions button (phones) brings it into view. */
export const PALETTE_ID = 'player-palette';

/**
 * On a phone the palette is under the questions: scroll to it (below the sticky bar) and focus the current
 * question's number, so a student mid-question reaches the navigation in one tap.
 */
export function showPalette() {
  const nav = document.getElementById(PALETTE_ID);
  if (!nav) return;
  nav.scrollIntoView({ block: 'start' });
  const here = nav.querySelector<HTMLElement>('[aria-current]') ?? nav.querySelector<HTMLElement>('button');
  here?.focus({ preventScroll: true });
}
