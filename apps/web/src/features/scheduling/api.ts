import { schedulingEndpoints as e, type ScheduleBody } from '@assess/contracts/scheduling';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';
import type { ScheduleTarget } from './ScheduleDialog';

export const schedulingKeys = {
  of: (target: ScheduleTarget) =>
    ['scheduling', target.kind, target.kind === 'test' ? target.testId : target.courseId] as const,
};

export function useScheduling(target: ScheduleTarget) {
  return useQuery({
    queryKey: schedulingKeys.of(target),
    queryFn: () =>
      target.kind === 'test'
        ? call(e.testScheduling, { params: { testId: target.testId } })
        : call(e.seriesScheduling, { params: { courseId: target.courseId } }),
    staleTime: 0,
  });
}

/** Saves the schedule; the lists (tests, series) and the dialog's own query are fetched again. */
export function useSaveSchedule(target: ScheduleTarget) {
  return useRefreshingWrite(
    (body: ScheduleBody) =>
      target.kind === 'test'
        ? call(e.scheduleTest, { params: { testId: target.testId }, body })
        : call(e.scheduleSeries, { params: { courseId: target.courseId }, body }),
    [['tests'], ['series'], ['scheduling']],
  );
}
