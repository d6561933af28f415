// The console's one "close after success" (part 1 §9, part 2 §9): the dialog closes the given delay after the
// success, not sooner; a second success restarts the wait; unmounting cancels it. Measured with the 2 s the zip
// import (ZIP_CLOSE_DELAY_MS) and the answer setting (ANSWERS_CLOSE_MS) use.
import { ZIP_CLOSE_DELAY_MS } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ANSWERS_CLOSE_MS } from '../features/question-bank/answers/AnswerSettingDialog';
import { elapsedUntil, expectDelay, nowMs } from '../test/delays';
import { useCloseAfterSuccess } from './useCloseAfterSuccess';

function Saver({ onClose, delayMs, twice }: { onClose: () => void; delayMs: number; twice?: boolean }) {
  const closeLater = useCloseAfterSuccess(onClose, delayMs);
  return (
    <button
      type="button"
      onClick={() => {
        closeLater();
        if (twice) closeLater();
      }}
    >
      Save
    </button>
  );
}

describe('useCloseAfterSuccess', () => {
  it('closes the delay after the success (2 s for the zip import and the answer setting), not sooner', async () => {
    expect([ZIP_CLOSE_DELAY_MS, ANSWERS_CLOSE_MS]).toEqual([2000, 2000]);
    let closedAt = 0;
    await render(<Saver delayMs={ZIP_CLOSE_DELAY_MS} onClose={() => (closedAt = performance.now())} />);
    const savedAt = nowMs();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(closedAt).toBe(0);
    expectDelay(await elapsedUntil(savedAt, () => closedAt > 0), ZIP_CLOSE_DELAY_MS);
  });

  it('a second success restarts the wait; unmounting cancels it', async () => {
    // two successes in one go (no machine load between them): the second replaces the first's timer
    let closed = 0;
    const twice = await render(<Saver delayMs={300} onClose={() => closed++} twice />);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => closed, { timeout: 5000 }).toBe(1);
    await twice.unmount();
    // a success, then the dialog goes away: its timer must not fire. Another dialog with the same delay,
    // started after it, closes; by then the first one's timer would have fired. (2 s: the unmount must come
    // before the delay passes, whatever the load.)
    let gone = 0;
    const screen = await render(<Saver delayMs={ZIP_CLOSE_DELAY_MS} onClose={() => gone++} />);
    await page.getByRole('button', { name: 'Save' }).click();
    await screen.unmount();
    let other = 0;
    await render(<Saver delayMs={ZIP_CLOSE_DELAY_MS} onClose={() => other++} />);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => other, { timeout: 10_000 }).toBe(1);
    expect(gone).toBe(0);
    expect(closed).toBe(1);
  });
});
