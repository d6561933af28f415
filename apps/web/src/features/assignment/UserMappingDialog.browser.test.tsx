// Test User Mapping's removal rule (moved from e2e/assignment.e2e.ts, issue 23): when the server says why its
// students cannot be removed (a published test, part 3 §4), the dialog shows that reason and keeps Remove off;
// axe. The server's own refusal of the removal is apps/api/src/modules/assignment/assignment.int.test.ts; the
// browser journey keeps assigning, removing and the accommodation through the real server.
import { assignmentEndpoints as ae, assignmentMessages as m } from '@assess/contracts/assignment';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { UserMappingDialog } from './UserMappingDialog';

describe('UserMappingDialog (a test)', () => {
  it("shows the server's reason a student cannot be removed and keeps Remove off", async () => {
    fakeApi
      .on(ae.testAssigned, () => ({
        items: [
          {
            userId: 9,
            fullName: 'Sneha Verma',
            userName: 'student@example.com',
            email: 'student@example.com',
            mobile: '9876543210',
            extraAttempts: null,
            extraMinutes: null,
            viaCourseId: null,
            userSubscriptionStatus: null,
          },
        ],
        totalCount: 1,
        removeIssue: m.removeTestPublished,
      }))
      .on(ae.testAvailable, () => ({ items: [], totalCount: 0 }));
    await renderApp(
      <UserMappingDialog
        target={{ kind: 'test', testId: 7, name: 'Mock 1', status: 3 }}
        onClose={() => {}}
      />,
    );
    const d = page.getByRole('dialog', { name: 'Test User Mapping for: Mock 1' });
    await expect.element(d.getByRole('heading', { name: 'Assigned students (1)' })).toBeVisible();
    await expect.element(d.getByText(m.removeTestPublished).first()).toBeVisible();
    await expect
      .element(d.getByRole('grid', { name: 'Assigned students' }).getByRole('button', { name: /^Remove / }))
      .toBeDisabled();
    await checkA11y();
  });
});
