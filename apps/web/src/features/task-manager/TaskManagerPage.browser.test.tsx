// The task manager's grid (issue 23): its columns, a task type's readable name, the status chip by outcome
// (Success, Partly failed, Failed, Started with its progress), the counts, and the page without the privilege.
// The browser journeys keep real imports through the server (e2e/task-manager.e2e.ts).
import { type Task, TaskStatus, taskTypes, taskEndpoints as te } from '@assess/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { allPrivileges, staffSession } from '../../test/session';
import { TaskManagerPage } from './TaskManagerPage';

const task = (taskId: number, patch: Partial<Task>): Task => ({
  taskId,
  taskType: taskTypes.studentImport.type,
  taskStatus: TaskStatus.Success,
  priority: 1,
  taskArguments: null,
  taskDetails: `Task ${taskId} details`,
  progress: 100,
  counts: { total: 10, succeeded: 10, failed: 0 },
  scheduleDate: null,
  startDate: '2026-03-02T09:00:00.000Z',
  endDate: '2026-03-02T09:01:00.000Z',
  createdDate: '2026-03-02T08:59:00.000Z',
  ...patch,
});

describe('TaskManagerPage', () => {
  it('lists the tasks with their columns, readable types, outcomes and counts', async () => {
    fakeApi.on(te.list, () => ({
      items: [
        task(1, {}),
        task(2, {
          taskType: taskTypes.questionSpreadsheet.type,
          counts: { total: 4, succeeded: 3, failed: 1 },
        }),
        task(3, { counts: { total: 2, succeeded: 0, failed: 2 } }),
        task(4, { taskStatus: TaskStatus.Started, progress: 40, counts: null, endDate: null }),
      ],
      totalCount: 4,
    }));
    await renderApp(<TaskManagerPage />);
    const grid = page.getByRole('grid', { name: 'Tasks' });
    for (const h of ['Type', 'Status', 'Total', 'Succeeded', 'Failed', 'Start / End', 'Details', 'Actions'])
      await expect.element(grid.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    const row = (id: number) => grid.getByRole('row').filter({ hasText: `Task ${id} details` });
    await expect.element(row(1).getByText(taskTypes.studentImport.name, { exact: true })).toBeVisible();
    await expect.element(row(1).getByText('Success', { exact: true })).toBeVisible();
    await expect.element(row(2).getByText(taskTypes.questionSpreadsheet.name, { exact: true })).toBeVisible();
    await expect.element(row(2).getByText('Partly failed', { exact: true })).toBeVisible();
    for (const [cell, n] of [
      ['Total', '4'],
      ['Succeeded', '3'],
      ['Failed', '1'],
    ])
      await expect
        .element(row(2).getByRole('gridcell', { name: n, exact: true }))
        .toHaveAttribute('data-field', cell.toLowerCase());
    await expect.element(row(3).getByText('Failed', { exact: true })).toBeVisible();
    await expect.element(row(4).getByText('Started', { exact: true })).toBeVisible();
    await expect.element(row(4).getByRole('progressbar', { name: 'Progress of task 4' })).toBeVisible();
    await checkA11y();
  });

  it('is not open to an account without the task manager', async () => {
    const privileges = { ...allPrivileges(), TaskManager: [] };
    await renderApp(<TaskManagerPage />, {
      session: staffSession({ privilegeObject: { packageId: 4, privileges, roles: [{ id: 8 }] } }),
    });
    await expect.element(page.getByText('Tasks not found')).toBeVisible();
    expect(fakeApi.calls).toEqual([]);
  });
});
