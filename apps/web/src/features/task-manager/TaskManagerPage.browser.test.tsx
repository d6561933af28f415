// The task manager's grid (issue 23): its columns, a task type's readable name, the status chip by outcome
// (Success, Partly failed, Failed, Started with its progress), the counts, the page without the privilege, the
// area closed to an account whose menu has no task manager (the aggregator), and the page on a phone (moved from
// e2e/task-manager.e2e.ts). The browser journeys keep real imports through the server (e2e/task-manager.e2e.ts).
import { ProviderType, Role } from '@assess/contracts/access';
import {
  SubTaskStatus,
  type Task,
  TaskStatus,
  taskTypes,
  taskEndpoints as te,
} from '@assess/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AdminLayout } from '../../app/layout/AdminLayout';
import type { RouteHandle } from '../../app/routes/areas';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { roleSession } from '../../test/roleSession';
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

describe('TaskManagerPage in the console', () => {
  it('is not open to an account without the task manager in its menu (the aggregator)', async () => {
    await renderApp(<AdminLayout />, {
      session: roleSession(Role.Aggregator, ProviderType.Aggregator),
      path: '/admin',
      url: '/admin/taskManager',
      children: [
        {
          path: 'taskManager',
          element: <TaskManagerPage />,
          handle: { title: 'Task Manager', menuArea: true } satisfies RouteHandle,
        },
      ],
    });
    await expect.element(page.getByText('This page is not available for your account.')).toBeVisible();
    expect(page.getByRole('grid', { name: 'Tasks' }).query()).toBeNull();
    expect(fakeApi.requestsTo(te.list)).toEqual([]);
  });

  // last: the viewport stays a phone's for the rest of the file
  it('fits a phone: the grid scrolls sideways inside its frame and the details dialog fills the screen', async () => {
    await page.viewport(390, 844);
    fakeApi
      .on(te.list, () => ({
        items: [
          task(5, { taskType: taskTypes.questionSpreadsheet.type, taskDetails: 'Motion questions.xlsx' }),
        ],
        totalCount: 1,
      }))
      .on(te.outputs, () => ({
        items: [
          {
            id: 1,
            status: SubTaskStatus.Success,
            subTask: "Sheet 'MCQ': question PHY-MOT-101",
            startDateTime: '2026-03-02T09:00:00.000Z',
            endDateTime: '2026-03-02T09:00:01.000Z',
            remark: null,
          },
        ],
        totalCount: 1,
      }));
    await renderApp(<TaskManagerPage />);
    const grid = page.getByRole('grid', { name: 'Tasks' });
    await expect
      .element(grid.getByText(taskTypes.questionSpreadsheet.name, { exact: true }))
      .toBeInTheDocument();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    await checkA11y();
    // the grid renders the columns in view: scroll it to the row actions as a finger would
    const scroller = grid.element().querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    scroller.scrollLeft = scroller.scrollWidth;
    await grid.getByRole('button', { name: 'Details of task 5' }).click();
    const dialog = page.getByRole('dialog', { name: /^Task Details/ });
    await expect
      .element(dialog.getByRole('grid', { name: 'Subtasks' }).getByText("Sheet 'MCQ': question PHY-MOT-101"))
      .toBeVisible();
    expect(dialog.element().getBoundingClientRect().width).toBe(390);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  });
});
