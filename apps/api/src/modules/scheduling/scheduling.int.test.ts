import { scheduleMessages as m } from '@assess/contracts/scheduling';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  type Caller,
  demoIds,
  listTest,
  refused,
  type Staff,
  strangerProvider,
} from '../../../test/given';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { courses, courseTests, tests } from '../../db/schema';
import { openDatabase } from '../../platform/db/client';
import { createJobRunner } from '../../platform/jobs';
import { createScheduleClock, defineScheduleClockJob, SCHEDULE_CLOCK_QUEUE } from './schedule-clock';
import { createScheduleClockRepository } from './schedule-clock.repository';

const H = 60 * 60 * 1000;
const MIN = 60 * 1000;
// 12:00 UTC on a plain day (no DST change near it in UTC).
const START = new Date('2026-06-10T12:00:00.000Z');
const clock = testClock(START);
let t: TestApp;
let erp: Caller;
let readonly: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stranger: number;

const at = (ms: number) => new Date(clock().getTime() + ms).toISOString();
const body = (
  startIn: number,
  o: { assignIn?: number; endIn?: number | null; override?: boolean; tz?: string } = {},
) => ({
  scheduleStartDateTime: at(startIn),
  assignDateTime: at(o.assignIn ?? startIn),
  scheduleEndDateTime: o.endIn === null ? null : at(o.endIn ?? startIn + H),
  isScheduleOverride: o.override ?? false,
  ...(o.tz ? { timeZone: o.tz } : {}),
});
const stored = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0] as typeof tests.$inferSelect;
/** A Ready test of ERP, made through the API (the test editor, a section, activation). */
const ready = () => listTest(t, 'erp@example.com', { status: 'ready' });
/** The administrator of `stranger`, who makes its tests. */
let STRANGER: Staff;

beforeAll(async () => {
  t = await createTestApp({ clock });
  [erp, readonly] = await Promise.all(['erp@example.com', 'readonly@example.com'].map((u) => as(t, u)));
  ids = await demoIds(t);
  // a provider of the owner's wizard: its administrator makes its tests through the API
  ({ providerId: stranger, staff: STRANGER } = await strangerProvider(t));
});
afterAll(async () => t?.close());

describe('PUT /api/tests/:id/schedule: every rule of part 3 §5 on the server, with the spec message', () => {
  it('the start at least 48 hours from now: 1 ms short is refused, exactly 48 h passes', async () => {
    const x = await ready();
    await refused(await erp.put(`/api/tests/${x.testId}/schedule`, body(48 * H - 1)), 400, m.startTooSoon);
    expect((await stored(x.testId)).scheduleDate).toBeNull();
    const res = await erp.put(`/api/tests/${x.testId}/schedule`, body(48 * H));
    expect(res.statusCode).toBe(200);
    expect(res.json().scheduling.mode).toBe(1);
    expect((await stored(x.testId)).scheduleDate?.toISOString()).toBe(at(48 * H));
  });

  it('Later: the assign date at least 48 hours before the start (exactly 48 h passes) and not before today', async () => {
    const x = await ready();
    const url = `/api/tests/${x.testId}/schedule`;
    await refused(await erp.put(url, body(72 * H, { assignIn: 24 * H + 1 })), 400, m.assignTooLate);
    await refused(await erp.put(url, body(72 * H, { assignIn: -13 * H })), 400, m.assignBeforeToday);
    const res = await erp.put(url, body(72 * H, { assignIn: 24 * H }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.testScheduled);
    expect(res.json().scheduling).toMatchObject({ mode: 2, scheduleStatus: 3 });
  });

  it('"today" is the browser zone\'s day: earlier today in New York is yesterday in UTC', async () => {
    clock.set(new Date('2026-06-11T02:00:00.000Z')); // 22:00 on 10 June in New York (EDT)
    try {
      const erp = await as(t, 'erp@example.com'); // a session of this clock
      const x = await ready();
      const url = `/api/tests/${x.testId}/schedule`;
      // 10 June 10:00 EDT = 14:00 UTC on 10 June: before "today" in UTC, today in New York
      const assign = { assignIn: -12 * H };
      await refused(await erp.put(url, body(72 * H, assign)), 400, m.assignBeforeToday);
      const res = await erp.put(url, body(72 * H, { ...assign, tz: 'America/New_York' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(m.testAssigned);
      expect(res.json().scheduling.scheduleStatus).toBe(4);
    } finally {
      clock.set(START);
    }
  });

  it('the end at least 15 minutes after the start (exactly 15 passes); an ERP test cannot clear it', async () => {
    const x = await ready();
    const url = `/api/tests/${x.testId}/schedule`;
    await refused(await erp.put(url, body(50 * H, { endIn: 50 * H + 15 * MIN - 1 })), 400, m.endTooSoon);
    await refused(await erp.put(url, body(50 * H, { endIn: null })), 400, m.endRequired);
    const res = await erp.put(url, body(50 * H, { endIn: 50 * H + 15 * MIN }));
    expect(res.statusCode).toBe(200);
    expect(res.json().scheduling.endRequired).toBe(true);
  });

  it('a test inside a scheduled series falls inside its window', async () => {
    const x = await ready();
    const [course] = await t.deps.db
      .insert(courses)
      .values({
        providerId: ids.erp,
        code: `SCH-${x.testId}`,
        text: `Window series ${x.testId}`,
        scheduleDate: new Date(at(60 * H)),
        scheduleEndDate: new Date(at(100 * H)),
        assignDate: new Date(at(0)),
      })
      .returning({ id: courses.courseId });
    await t.deps.db.insert(courseTests).values({ courseId: course.id, testId: x.testId });
    const url = `/api/tests/${x.testId}/schedule`;
    await refused(await erp.put(url, body(59 * H, { endIn: 70 * H })), 400, m.startBeforeSeries);
    await refused(await erp.put(url, body(60 * H, { endIn: 100 * H + 1 })), 400, m.endAfterSeries);
    const got = (await erp.get(`/api/tests/${x.testId}/schedule`)).json();
    expect(got.seriesWindow).toEqual({ startDate: at(60 * H), endDate: at(100 * H) });
    expect((await erp.put(url, body(60 * H, { endIn: 100 * H }))).statusCode).toBe(200);
  });

  it('an existing schedule is overwritten only when the request says the overwrite is confirmed', async () => {
    const x = await ready();
    const url = `/api/tests/${x.testId}/schedule`;
    expect((await erp.put(url, body(50 * H))).statusCode).toBe(200);
    await refused(await erp.put(url, body(80 * H)), 409, m.overwriteNotConfirmed);
    expect((await stored(x.testId)).scheduleDate?.toISOString()).toBe(at(50 * H));
    expect((await erp.put(url, body(80 * H, { override: true }))).statusCode).toBe(200);
    expect((await stored(x.testId)).scheduleDate?.toISOString()).toBe(at(80 * H));
  });

  it('row rule: a Draft, inactive or locked test is refused; nothing is written', async () => {
    const draft = () => listTest(t, 'erp@example.com');
    const locked = () => listTest(t, 'erp@example.com', { status: 'ready', lockedBy: 'erp@example.com' });
    // Ready but inactive: no endpoint makes it (activation makes a test Ready and active together), so written here
    const inactive = async () => {
      const x = await ready();
      await t.deps.db.update(tests).set({ isActive: false }).where(eq(tests.testId, x.testId));
      return x;
    };
    for (const make of [draft, inactive, locked]) {
      const x = await make();
      await refused(await erp.put(`/api/tests/${x.testId}/schedule`, body(50 * H)), 400, m.notSchedulable);
      expect((await stored(x.testId)).scheduleDate).toBeNull();
    }
  });

  it("tenant boundary and privilege: another provider's test is not found, Read Only is forbidden", async () => {
    const theirs = await listTest(t, STRANGER, { status: 'ready' });
    await refused(await erp.put(`/api/tests/${theirs.testId}/schedule`, body(50 * H)), 404, m.error);
    expect((await erp.get(`/api/tests/${theirs.testId}/schedule`)).statusCode).toBe(404);
    expect((await stored(theirs.testId)).scheduleDate).toBeNull();
    const mine = await ready();
    expect((await readonly.put(`/api/tests/${mine.testId}/schedule`, body(50 * H))).statusCode).toBe(403);
  });
});

describe('the status clock: Scheduled at assignment, In Progress at the start, Completed at the end', () => {
  it('computed on read before any job runs; the set-based job writes each transition once', async () => {
    const x = await ready();
    const res = await erp.put(
      `/api/tests/${x.testId}/schedule`,
      body(48 * H, { assignIn: 0, endIn: 49 * H }),
    );
    expect(res.json().message).toBe(m.testAssigned);
    expect(await stored(x.testId)).toMatchObject({ status: 4, scheduleStatus: 4 });
    const clockRepo = createScheduleClockRepository(t.deps.db);
    try {
      clock.advance(48 * H);
      const caller = await as(t, 'erp@example.com'); // the idle session ended with the clock
      // read before any job: already In Progress
      expect((await caller.get(`/api/tests/${x.testId}/schedule`)).json()).toMatchObject({
        status: 5,
        scheduleStatus: 5,
      });
      expect(await stored(x.testId)).toMatchObject({ status: 4, scheduleStatus: 4 });
      expect((await clockRepo.advance(clock())).tests).toContain(x.testId);
      expect(await stored(x.testId)).toMatchObject({ status: 5, scheduleStatus: 5 });
      expect((await clockRepo.advance(clock())).tests).not.toContain(x.testId);
      // a running schedule is not rescheduled
      await refused(
        await caller.put(`/api/tests/${x.testId}/schedule`, body(50 * H, { override: true })),
        409,
        m.inProgress,
      );
      clock.advance(1 * H);
      expect((await clockRepo.advance(clock())).tests).toContain(x.testId);
      expect(await stored(x.testId)).toMatchObject({ status: 6, scheduleStatus: 6 });
    } finally {
      clock.set(START);
    }
  });

  it('the cron job (pg-boss queue scheduling.clock) runs the handler through the job runner', async () => {
    const x = await ready();
    await erp.put(`/api/tests/${x.testId}/schedule`, body(48 * H, { assignIn: 0 }));
    try {
      clock.advance(48 * H);
      await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
      await t.deps.jobs.send(SCHEDULE_CLOCK_QUEUE, {});
      await waitFor(async () => (await stored(x.testId)).scheduleStatus === 5, 15_000);
      expect((await stored(x.testId)).status).toBe(5);
    } finally {
      clock.set(START);
    }
  });
});

describe('PUT /api/series/:id/schedule', () => {
  it("schedules the series and, inside its window, its own schedulable tests; another provider's test is untouched", async () => {
    const erpSession = await as(t, 'erp@example.com');
    const mine = await ready();
    const draft = await listTest(t, 'erp@example.com');
    const theirs = await listTest(t, STRANGER, { status: 'published' });
    const [course] = await t.deps.db
      .insert(courses)
      .values({ providerId: ids.erp, code: `SS-${mine.testId}`, text: `Series ${mine.testId}`, status: 3 })
      .returning({ id: courses.courseId });
    await t.deps.db
      .insert(courseTests)
      .values(
        [mine, draft, theirs].map((x, i) => ({ courseId: course.id, testId: x.testId, sequence: i + 1 })),
      );
    const url = `/api/series/${course.id}/schedule`;
    await refused(await erpSession.put(url, body(47 * H)), 400, m.startTooSoon);
    const res = await erpSession.put(url, body(50 * H, { assignIn: 2 * H }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.seriesScheduled, testsScheduled: 1 });
    expect((await stored(mine.testId)).scheduleDate?.toISOString()).toBe(at(50 * H));
    expect((await stored(draft.testId)).scheduleDate).toBeNull();
    expect((await stored(theirs.testId)).scheduleDate).toBeNull();
    await refused(await erpSession.put(url, body(60 * H)), 409, m.overwriteNotConfirmed);
    const other = await listTest(t, STRANGER);
    const [foreign] = await t.deps.db
      .insert(courses)
      .values({
        providerId: stranger,
        code: `SF-${other.testId}`,
        text: `Foreign ${other.testId}`,
        status: 3,
      })
      .returning({ id: courses.courseId });
    await refused(await erpSession.put(`/api/series/${foreign.id}/schedule`, body(50 * H)), 404, m.error);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
describe('two processes running the clock on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)('each transition is written exactly once', async () => {
    const created = await t.deps.db
      .insert(tests)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          providerId: ids.erp,
          code: `CLK-${i}`,
          name: `Clock ${i}`,
          status: 2,
          isActive: true,
          assignDate: new Date(at(-H)),
          scheduleDate: new Date(at(-30 * MIN)),
          scheduleEndDate: new Date(at(H)),
        })),
      )
      .returning({ id: tests.testId });
    const second = await openDatabase({ url: t.deps.handle.url, poolSize: 4 });
    try {
      const one = createScheduleClockRepository(t.deps.db);
      const two = createScheduleClockRepository(second.db);
      const runs = await Promise.all([1, 2, 3].flatMap(() => [one.advance(clock()), two.advance(clock())]));
      const moved = runs.flatMap((r) => r.tests).filter((id) => created.some((c) => c.id === id));
      expect(moved.length).toBe(created.length);
      expect(new Set(moved).size).toBe(created.length);
      const rows = await t.deps.db
        .select({ s: tests.status })
        .from(tests)
        .where(
          inArray(
            tests.testId,
            created.map((c) => c.id),
          ),
        );
      expect(rows.every((r) => r.s === 5)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('the clock survives a restart', () => {
  it.skipIf(!onPostgres)(
    'the cron is stored by pg-boss: a process started later finds it and works the queue',
    async () => {
      const handle = await openDatabase({ url: t.deps.handle.url, poolSize: 4 });
      const start = async () => {
        const runner = createJobRunner({
          handle,
          log: t.app.log,
          clock,
          runJobs: true,
          pollingIntervalSeconds: 0.5,
        });
        const moved: number[] = [];
        const tick = createScheduleClock({
          repo: createScheduleClockRepository(handle.db),
          clock,
          log: t.app.log,
        });
        defineScheduleClockJob(runner, {
          tick: async () => {
            const r = await tick.tick();
            moved.push(...r.tests);
            return r;
          },
        });
        await runner.start();
        return { runner, moved };
      };
      try {
        const first = await start();
        expect((await first.runner.boss.getSchedules(SCHEDULE_CLOCK_QUEUE)).map((x) => x.cron)).toEqual([
          '* * * * *',
        ]);
        await first.runner.stop();
        // while no process runs, a test passes its start
        const x = await ready();
        await (await as(t, 'erp@example.com')).put(
          `/api/tests/${x.testId}/schedule`,
          body(48 * H, { assignIn: 0 }),
        );
        clock.advance(48 * H);
        const second = await start();
        expect((await second.runner.boss.getSchedules(SCHEDULE_CLOCK_QUEUE)).length).toBe(1);
        await second.runner.send(SCHEDULE_CLOCK_QUEUE, {});
        // worked by whichever process takes it (the app's workers run too): the missed transition is caught up
        await waitFor(async () => (await stored(x.testId)).scheduleStatus === 5, 15_000);
        expect(await stored(x.testId)).toMatchObject({ status: 5, scheduleStatus: 5 });
        await second.runner.stop();
      } finally {
        clock.set(START);
        await handle.close();
      }
    },
  );
});
