// Test Copy (moved from e2e/tests-list.e2e.ts, issue 23): the defaults with '-Copy', a refusal shown as the
// server's message with the spec's suffix, then the copy; axe. The browser journey keeps one copy.
import { testMessages as m, TestStatus, testListEndpoints as tl } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { testRow } from '../../../test/catalogue';
import { elapsedUntil, expectDelay, nowMs } from '../../../test/delays';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { field, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { CopyTestDialog } from './CopyTestDialog';

const source = testRow('T-SRC', { name: 'Source test', status: TestStatus.Published });

describe('CopyTestDialog', () => {
  it("defaults to '-Copy'; a refusal says the server's message and the spec suffix; then the copy", async () => {
    let refuse = true;
    fakeApi.on(tl.copy, () => (refuse ? apiError(400, m.codeExists) : { message: m.copied, testId: 8 }));
    await renderApp(<CopyTestDialog test={source} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: /^Test Copy/ });
    await expect.element(field(d, 'Test Code')).toHaveValue('T-SRC-Copy');
    await expect.element(field(d, 'Test Name')).toHaveValue('Source test-Copy');
    await checkA11y();
    await field(d, 'Test Code').fill('T-TAKEN');
    await d.getByRole('button', { name: 'Copy' }).click();
    await expect.element(toast(`${m.codeExists}${m.copyFailedSuffix}`)).toBeVisible();
    refuse = false;
    await field(d, 'Test Code').fill('T-NEW');
    await d.getByRole('button', { name: 'Copy' }).click();
    await expect.element(toast(m.copied)).toBeVisible();
    expect(fakeApi.requestsTo(tl.copy).map((r) => r.body)).toEqual([
      { code: 'T-TAKEN', name: 'Source test-Copy' },
      { code: 'T-NEW', name: 'Source test-Copy' },
    ]);
  });

  it('closes 2 s after the copy is made, not sooner (§9)', async () => {
    let answeredAt = 0;
    fakeApi.on(tl.copy, () => {
      answeredAt = nowMs();
      return { message: m.copied, testId: 8 };
    });
    let closed = false;
    await renderApp(
      <CopyTestDialog
        test={source}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const d = page.getByRole('dialog', { name: /^Test Copy/ });
    await expect.element(field(d, 'Test Code')).toHaveValue('T-SRC-Copy');
    await d.getByRole('button', { name: 'Copy' }).click();
    await expect.element(toast(m.copied)).toBeVisible();
    expectDelay(await elapsedUntil(answeredAt, () => closed), 2000);
  });
});
