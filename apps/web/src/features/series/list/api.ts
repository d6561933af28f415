import { seriesListEndpoints as e, type SeriesListQueryInput } from '@assess/contracts/series';
import { call } from '../../../lib/api';
import {
  useCatalogueList,
  useCatalogueRowRead,
  useCatalogueWrite,
} from '../../test-series-shared/listQueries';

/** A page of the list; everything under ['series'] is refreshed after a write. */
export const useSeriesList = (query: SeriesListQueryInput) =>
  useCatalogueList('series', query, (q) => call(e.list, { query: q }));

/** View Tests: the series' tests. */
export const useSeriesTests = (courseId: number) =>
  useCatalogueRowRead('series', 'tests', courseId, (id) => call(e.tests, { params: { courseId: id } }));

/** '+ New' asks the server how many own series exist against the package limit (fresh each time). */
export const fetchSeriesCount = () => call(e.count);

const useListWrite = <V, R>(fn: (v: V) => Promise<R>) => useCatalogueWrite('series', fn);

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
