import { seriesListEndpoints as e, type SeriesListQueryInput } from '@assess/contracts/series';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useListQuery } from '../../../lib/queries';

/** Query keys of the series list (everything under ['series'] is refreshed after a write). */
export const seriesListKeys = {
  all: ['series'] as const,
  list: (query: SeriesListQueryInput) => ['series', 'list', query] as const,
  tests: (courseId: number) => ['series', 'tests', courseId] as const,
  dashboard: ['dashboard'] as const,
};

export function useSeriesList(query: SeriesListQueryInput) {
  return useListQuery(seriesListKeys.list(query), () => call(e.list, { query }));
}

export function useSeriesTests(courseId: number) {
  return useQuery({
    queryKey: seriesListKeys.tests(courseId),
    queryFn: () => call(e.tests, { params: { courseId } }),
  });
}

/** '+ New' asks the server how many own series exist against the package limit (fresh each time). */
export const fetchSeriesCount = () => call(e.count);

/** A write of the list: on success the lists (and the dashboard counts) are fetched again. */
function useListWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: seriesListKeys.all });
      void qc.invalidateQueries({ queryKey: seriesListKeys.dashboard });
    },
  });
}

const byId = (endpoint: typeof e.publish | typeof e.play | typeof e.delete | typeof e.cleanData) => () =>
  useListWrite((courseId: number) => call(endpoint, { params: { courseId } }));
export const usePublishSeries = byId(e.publish);
export const usePlaySeries = byId(e.play);
export const useDeleteSeries = byId(e.delete);
export const useCleanSeriesData = byId(e.cleanData);
export const useUploadSeriesImage = () =>
  useListWrite((v: { courseId: number; file: File }) => {
    const body = new FormData();
    body.append('file', v.file);
    return call(e.uploadImage, { params: { courseId: v.courseId }, body });
  });
