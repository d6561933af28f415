// Test User Mapping's removal rule (moved from e2e/assignment.e2e.ts, issue 23): when the server says why its
// students cannot be removed (a published test, part 3 §4), the dialog shows that reason and keeps Remove off;
// axe. The server's own refusal of the removal is apps/api/src/modules/assignment/assignment-tests.int.test.ts;
// the browser journey keeps assigning, removing and the accommodation through the real server. Also (moved from
// e2e/assignment.e2e.ts) the assigned grid's search, and Course User Mapping's subscription toggle.
import { assignmentEndpoints as ae, assignmentMessages as m } from '@assess/contracts/assignment';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { assignedStudent } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { UserMappingDialog } from './UserMappingDialog';

describe('UserMappingDialog (a test)', () => {
  it("shows the server's reason a student cannot be removed and keeps Remove off", async () => {
    fakeApi
      .on(ae.testAssigned, () => ({
        items: [assignedStudent(9, 'Sneha Verma', 'student@example.com', { mobile: '9876543210' })],
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

const student = assignedStudent;

describe('UserMappingDialog (search)', () => {
  // moved from e2e/assignment.e2e.ts (DEMO-PUB's student found by the assigned search, issue 23); the seed's
  // assignment is assignment-access.int.test.ts 'demo data (seed)', the server's search assignment-tests.int
  it('searches the assigned students on the server and shows what it answers', async () => {
    const sneha = student(9, 'Sneha Verma', 'student@example.com');
    const other = student(10, 'Arjun Rao', 'arjun@example.com');
    fakeApi
      .on(ae.testAssigned, ({ query }) => {
        const items = query.search ? [sneha] : [sneha, other];
        return { items, totalCount: items.length, removeIssue: null };
      })
      .on(ae.testAvailable, () => ({ items: [], totalCount: 0 }));
    await renderApp(
      <UserMappingDialog
        target={{ kind: 'test', testId: 7, name: 'Demo Published Test', status: 3 }}
        onClose={() => {}}
      />,
    );
    const d = page.getByRole('dialog', { name: 'Test User Mapping for: Demo Published Test' });
    await expect.element(d.getByRole('heading', { name: 'Assigned students (2)' })).toBeVisible();
    await d.getByRole('searchbox', { name: 'Search assigned' }).fill('student@example.com');
    await expect.element(d.getByRole('heading', { name: 'Assigned students (1)' })).toBeVisible();
    const assigned = d.getByRole('grid', { name: 'Assigned students' });
    await expect.element(assigned.getByRole('row').filter({ hasText: 'student@example.com' })).toBeVisible();
    expect(fakeApi.requestsTo(ae.testAssigned).at(-1)?.query.search).toBe('student@example.com');
  });
});

describe('UserMappingDialog (a series)', () => {
  // moved from e2e/assignment.e2e.ts ('Course User Mapping … the subscription toggle', issue 23); the server's
  // toggle: assignment-series.int.test.ts
  it("Course User Mapping: a student's subscription toggles off and on, with the spec's message", async () => {
    let status = 2;
    fakeApi
      .on(ae.seriesAssigned, () => ({
        items: [student(9, 'Sneha Verma', 'student@example.com', { userSubscriptionStatus: status })],
        totalCount: 1,
        removeIssue: null,
      }))
      .on(ae.seriesAvailable, () => ({ items: [], totalCount: 0 }))
      .on(ae.seriesSubscription, ({ body }) => {
        status = body.userSubscriptionStatus;
        return { message: m.subscriptionChanged };
      });
    await renderApp(
      <UserMappingDialog
        target={{ kind: 'series', courseId: 4, name: 'JEE Main Mock Series', status: 3 }}
        onClose={() => {}}
      />,
    );
    const d = page.getByRole('dialog', { name: 'Course User Mapping for: JEE Main Mock Series' });
    const toggle = d
      .getByRole('grid', { name: 'Assigned students' })
      .getByRole('row')
      .filter({ hasText: 'student@example.com' })
      .getByLabelText('Subscription of Sneha Verma');
    await expect.element(toggle).toBeChecked();
    await checkA11y();
    await toggle.click();
    await expect.element(toast(m.subscriptionChanged)).toBeVisible();
    await expect.element(toggle).not.toBeChecked();
    await toggle.click();
    await expect.element(toggle).toBeChecked();
    expect(fakeApi.requestsTo(ae.seriesSubscription)).toEqual([
      { params: { courseId: 4, userId: 9 }, query: {}, body: { userSubscriptionStatus: 1 } },
      { params: { courseId: 4, userId: 9 }, query: {}, body: { userSubscriptionStatus: 2 } },
    ]);
  });
});
