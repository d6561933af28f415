import {
  testListEndpoints as e,
  type TestBulkUpdateInput,
  type TestCopyInput,
  type TestListQueryInput,
  testEditorEndpoints,
} from '@assess/contracts/tests';
import { call } from '../../../lib/api';
import {
  catalogueListKeys,
  useCatalogueList,
  useCatalogueRowRead,
  useCatalogueWrite,
} from '../../test-series-shared/listQueries';

/** Query keys of the tests list (everything under ['tests'] is refreshed after a write). */
export const testListKeys = catalogueListKeys<TestListQueryInput>('tests');

export const useTestList = (query: TestListQueryInput) =>
  useCatalogueList('tests', query, (q) => call(e.list, { query: q }));

/** Test Details. */
export const useTestDetails = (testId: number) =>
  useCatalogueRowRead('tests', 'details', testId, (id) => call(e.details, { params: { testId: id } }));

const useListWrite = <V, R>(fn: (v: V) => Promise<R>) => useCatalogueWrite('tests', fn);

export const useCopyTest = () =>
  useListWrite((v: { testId: number; body: TestCopyInput }) =>
    call(e.copy, { params: { testId: v.testId }, body: v.body }),
  );
export const useDeleteTest = () => useListWrite((testId: number) => call(e.delete, { params: { testId } }));
export const useLockTest = () =>
  useListWrite((v: { testId: number; isLocked: boolean }) =>
    call(e.lock, { params: { testId: v.testId }, body: { isLocked: v.isLocked } }),
  );
export const useCleanTestData = () =>
  useListWrite((testId: number) => call(e.cleanData, { params: { testId } }));
export const useTestBulkUpdate = () =>
  useListWrite((body: TestBulkUpdateInput) => call(e.bulkUpdate, { body }));
/** Publish is the editor's endpoint (Ready → Published, owner only). */
export const usePublishTest = () =>
  useListWrite((testId: number) => call(testEditorEndpoints.publish, { params: { testId } }));

/** Objective and target audience lists (the configuration area's cache, 5 minutes). */
export { useConfigurationLists as useTestLookups } from '../../configuration/api';
