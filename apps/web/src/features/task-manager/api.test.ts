import { TaskStatus } from '@assess/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { LIVE_REFRESH_MS, liveInterval } from './api';

describe('task manager live refresh', () => {
  it('refreshes every 2 s while a task on the page is Draft or Started, and stops otherwise', () => {
    const t = (taskStatus: number) => ({ taskStatus });
    expect(LIVE_REFRESH_MS).toBe(2000);
    expect(liveInterval([t(TaskStatus.Success), t(TaskStatus.Started)])).toBe(LIVE_REFRESH_MS);
    expect(liveInterval([t(TaskStatus.Draft)])).toBe(LIVE_REFRESH_MS);
    expect(liveInterval([t(TaskStatus.Success), t(TaskStatus.Failed)])).toBe(false);
    expect(liveInterval([])).toBe(false);
    expect(liveInterval(undefined)).toBe(false);
  });
});
