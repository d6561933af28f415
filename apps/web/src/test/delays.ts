// The spec's delays (part 3 §9: a dialog closes 2 s after a save, the editor goes back 2 s or 4 s later, …)
// measured in real time. A delay is asserted by its lower bound, "not sooner", counted from a moment before the
// page could start waiting (when the fake API answered): a loaded machine only makes the change come later, so
// the check cannot fail because CI is busy. The upper bound is loose on purpose: it catches a delay of the wrong
// order (e.g. 30 s), not a slow machine.
import { expect } from 'vitest';

/** A moment to measure from: now, in real milliseconds. */
export const nowMs = () => performance.now();

/** Waits until `happened()` holds (polled) and answers the real milliseconds since `since`. */
export async function elapsedUntil(since: number, happened: () => boolean, within = 20_000): Promise<number> {
  let at = 0;
  await expect
    .poll(
      () => {
        if (!at && happened()) at = nowMs();
        return at > 0;
      },
      { timeout: within, interval: 20 },
    )
    .toBe(true);
  return at - since;
}

/** `waited` (ms) is the spec's `delayMs`: not sooner (a 50 ms margin for the clocks' rounding), not far later. */
export function expectDelay(waited: number, delayMs: number) {
  expect(waited).toBeGreaterThanOrEqual(delayMs - 50);
  expect(waited).toBeLessThan(delayMs + 15_000);
}
