import { useQuery } from '@tanstack/react-query';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';

/** The lists' query keys under their area's root; the dashboard's cards count tests and series. */
export const catalogueListKeys = <Query>(root: 'tests' | 'series') => ({
  all: [root] as const,
  list: (query: Query) => [root, 'list', query] as const,
  dashboard: ['dashboard'] as const,
});

/** A list's page (the page on screen stays while the next one loads). */
export const useCatalogueList = <Query, Page>(
  root: 'tests' | 'series',
  query: Query,
  read: (query: Query) => Promise<Page>,
) => useListQuery(catalogueListKeys<Query>(root).list(query), () => read(query));

/** What a row's dialog reads of it (a series' tests, a test's details), under the area's root. */
export const useCatalogueRowRead = <T>(
  root: 'tests' | 'series',
  what: 'tests' | 'details',
  id: number,
  read: (id: number) => Promise<T>,
) => useQuery({ queryKey: [root, what, id] as const, queryFn: () => read(id) });

/** A write of a list: on success the area's queries and the dashboard's counts are fetched again (behind). */
export const useCatalogueWrite = <V, R>(root: 'tests' | 'series', write: (v: V) => Promise<R>) =>
  useRefreshingWrite(write, [[root], ['dashboard']], { wait: false });
