// Scheduling of tests and test series (part 3 §5 "Schedule", §4 "Schedule mode", §8 "Scheduling"). The rules
// are the contracts' scheduleIssues (the dialog shows the same ones live); the server applies them to every
// request, with the tenant, privilege, row-state and overwrite checks.
import { hasPrivilege } from '@assess/contracts/access';
import { hasTestPrivilege } from '@assess/contracts/quick-tests';
import type { scheduleBodySchema } from '@assess/contracts/scheduling';
import {
  isEndDateRequired,
  type ScheduleBody,
  ScheduleStatus,
  type Scheduling,
  scheduleIssues,
  scheduleMessages,
  scheduleModeOf,
  scheduleStatusAt,
  scheduleWindowIssues,
} from '@assess/contracts/scheduling';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import type { SchedulingRepository } from './scheduling.repository';

type Body = z.output<typeof scheduleBodySchema>;
type Row = NonNullable<Awaited<ReturnType<SchedulingRepository['findSeries']>>>;
type Kind = 'test' | 'series';
const m = scheduleMessages;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type SchedulingServiceDeps = {
  repo: SchedulingRepository;
  withTransaction: UnitOfWork<{ repo: SchedulingRepository }>;
  clock: () => Date;
};

type Caller = Pick<Principal, 'providerId' | 'providerTypeId' | 'userId' | 'privileges'>;

function refuseIssues(issues: { field: string; message: string }[]) {
  if (!issues.length) return;
  const fields: Record<string, string[]> = {};
  for (const i of issues) fields[i.field] = [...(fields[i.field] ?? []), i.message];
  throw badRequest((issues[0] as { message: string }).message, fields);
}

export function createSchedulingService(deps: SchedulingServiceDeps) {
  const { clock } = deps;

  function present(
    row: Row,
    caller: Caller,
    seriesWindow: { startDate: Date; endDate: Date | null } | null,
  ): Scheduling {
    const now = clock();
    const scheduleStatus = scheduleStatusAt(
      { assignDate: row.assignDate, startDate: row.scheduleDate, endDate: row.scheduleEndDate },
      now,
    );
    return {
      name: row.name,
      status:
        scheduleStatus !== null && scheduleStatus >= 4 && row.status >= 2 && row.status <= 6
          ? scheduleStatus
          : row.status,
      scheduleStatus,
      assignDate: iso(row.assignDate),
      startDate: iso(row.scheduleDate),
      endDate: iso(row.scheduleEndDate),
      mode: row.scheduleDate && row.assignDate ? scheduleModeOf(row.assignDate, row.scheduleDate) : null,
      endRequired: isEndDateRequired(caller.providerTypeId, row.duration),
      seriesWindow: seriesWindow
        ? { startDate: seriesWindow.startDate.toISOString(), endDate: iso(seriesWindow.endDate) }
        : null,
      now: now.toISOString(),
    };
  }

  /** The caller's own row (another provider's is not found), with the privilege the variant needs. */
  function ownRow(kind: Kind, row: Row | undefined, caller: Caller, forCurator: boolean): Row {
    if (!row || row.providerId !== caller.providerId) throw notFound(m.error);
    const area = kind === 'test' ? 'Test' : 'TestSeries';
    const name =
      kind === 'test'
        ? forCurator
          ? 'AssignTestForContentCurator'
          : 'AssignTest'
        : forCurator
          ? 'AssignTestSeriesForContentCurator'
          : 'AssignTestSeries';
    if (!(kind === 'test' ? hasTestPrivilege(caller, name) : hasPrivilege(caller, area, name)))
      throw forbidden();
    return row;
  }

  /** Part 3 §4 row rule: Schedule is off when locked, inactive or Draft (and for a Terminated or running one). */
  function assertSchedulable(kind: Kind, row: Row, now: Date, forCurator: boolean) {
    if (row.isLocked || !row.isActive || row.status < 2 || row.status > 6)
      throw badRequest(kind === 'test' ? m.notSchedulable : m.seriesNotSchedulable);
    const current = scheduleStatusAt(
      { assignDate: row.assignDate, startDate: row.scheduleDate, endDate: row.scheduleEndDate },
      now,
    );
    if (current === ScheduleStatus.InProgress) throw conflict(m.inProgress);
    if (forCurator && row.status < 3) throw badRequest(m.curatorNeedsPublished);
  }

  function window(body: Body) {
    return {
      assignDate: new Date(body.assignDateTime),
      startDate: new Date(body.scheduleStartDateTime),
      endDate: body.scheduleEndDateTime ? new Date(body.scheduleEndDateTime) : null,
    };
  }

  /** The stored status after a (re)schedule: the clock's once assigned, else Published for a frozen row. */
  function statuses(row: Row, w: ReturnType<typeof window>, now: Date) {
    const scheduleStatus = scheduleStatusAt(w, now);
    const status =
      scheduleStatus !== null && scheduleStatus >= 4 ? scheduleStatus : row.status >= 4 ? 3 : row.status;
    return { scheduleStatus, status };
  }

  return {
    async testScheduling(caller: Caller, testId: number) {
      const row = ownRow(
        'test',
        await deps.repo.findTest(testId),
        caller,
        hasPrivilege(caller, 'Test', 'AssignTestForContentCurator') &&
          !hasPrivilege(caller, 'Test', 'AssignTest'),
      );
      return present(row, caller, await deps.repo.seriesWindowOfTest(testId));
    },

    async seriesScheduling(caller: Caller, courseId: number) {
      const curatorOnly =
        hasPrivilege(caller, 'TestSeries', 'AssignTestSeriesForContentCurator') &&
        !hasPrivilege(caller, 'TestSeries', 'AssignTestSeries');
      const row = ownRow('series', await deps.repo.findSeries(courseId), caller, curatorOnly);
      return present(row, caller, null);
    },

    async scheduleTest(caller: Caller, testId: number, body: Body) {
      return deps.withTransaction(async ({ repo }) => {
        const now = clock();
        const row = ownRow('test', await repo.findTest(testId, true), caller, body.forContentCurator);
        assertSchedulable('test', row, now, body.forContentCurator);
        if (row.scheduleDate && !body.isScheduleOverride) throw conflict(m.overwriteNotConfirmed);
        const seriesWindow = await repo.seriesWindowOfTest(testId);
        const w = window(body);
        refuseIssues(
          scheduleIssues(w, {
            now,
            timeZone: body.timeZone,
            seriesWindow,
            endRequired: isEndDateRequired(caller.providerTypeId, row.duration),
          }),
        );
        const s = statuses(row, w, now);
        await repo.writeTest(testId, { ...w, ...s, userId: caller.userId, at: now });
        const after = (await repo.findTest(testId)) as Row;
        return {
          message: s.scheduleStatus === ScheduleStatus.Scheduled ? m.testAssigned : m.testScheduled,
          scheduling: present(after, caller, seriesWindow),
        };
      });
    },

    async scheduleTestWindow(caller: Caller, testId: number, endIso: string | null) {
      return deps.withTransaction(async ({ repo }) => {
        const now = clock();
        const row = ownRow('test', await repo.findTest(testId, true), caller, false);
        if (!row.scheduleDate) throw badRequest(m.notScheduled);
        const seriesWindow = await repo.seriesWindowOfTest(testId);
        const endDate = endIso ? new Date(endIso) : null;
        refuseIssues(
          scheduleWindowIssues(row.scheduleDate, endDate, {
            seriesWindow,
            endRequired: isEndDateRequired(caller.providerTypeId, row.duration),
          }),
        );
        const w = { assignDate: row.assignDate ?? row.scheduleDate, startDate: row.scheduleDate, endDate };
        await repo.writeTest(testId, { ...w, ...statuses(row, w, now), userId: caller.userId, at: now });
        const after = (await repo.findTest(testId)) as Row;
        return { message: m.testScheduled, scheduling: present(after, caller, seriesWindow) };
      });
    },

    async scheduleSeries(caller: Caller, courseId: number, body: Body) {
      return deps.withTransaction(async ({ repo }) => {
        const now = clock();
        const row = ownRow('series', await repo.findSeries(courseId, true), caller, body.forContentCurator);
        assertSchedulable('series', row, now, body.forContentCurator);
        if (row.scheduleDate && !body.isScheduleOverride) throw conflict(m.overwriteNotConfirmed);
        const w = window(body);
        refuseIssues(
          scheduleIssues(w, {
            now,
            timeZone: body.timeZone,
            endRequired: isEndDateRequired(caller.providerTypeId, row.duration),
          }),
        );
        const s = statuses(row, w, now);
        const write = { ...w, ...s, userId: caller.userId, at: now };
        await repo.writeSeries(courseId, write);
        const testsScheduled = await repo.scheduleSeriesTests(courseId, caller.providerId, write);
        const after = (await repo.findSeries(courseId)) as Row;
        return {
          message: s.scheduleStatus === ScheduleStatus.Scheduled ? m.seriesAssigned : m.seriesScheduled,
          scheduling: present(after, caller, null),
          testsScheduled,
        };
      });
    },
  };
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
export type { ScheduleBody };
