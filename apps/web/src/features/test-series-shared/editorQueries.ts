import type { Endpoint, EndpointInput, EndpointResult } from '@assess/contracts/common';
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { useLiveCheck } from '../../components/useLiveCheck';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';

type Root = 'tests' | 'series';
type EditorEndpoints = Record<'get' | 'create' | 'update' | 'codeExists' | 'nameExists', Endpoint>;
type BodyOf<E extends Endpoint> = EndpointInput<E> extends { body: infer B } ? B : never;

/**
 * An editor's calls, from its area's endpoints (the same five in both areas): read the entity, ask whether a
 * code or name is already present, create, update. `idKey` is the id's name in their paths and queries.
 */
export function editorCalls<E extends EditorEndpoints>(e: E, idKey: 'testId' | 'courseId') {
  // the inputs are built under the area's id name, which the endpoints' own input types cannot follow
  const send = call as (endpoint: Endpoint, input: object) => Promise<never>;
  return {
    read: (id: number): Promise<EndpointResult<E['get']>> => send(e.get, { params: { [idKey]: id } }),
    exists: (field: 'code' | 'name', value: string, id: number | null) =>
      send(field === 'code' ? e.codeExists : e.nameExists, {
        query: { value, [idKey]: id ?? undefined },
      }) as Promise<{ exists: boolean }>,
    create: (body: BodyOf<E['create']>): Promise<EndpointResult<E['create']>> => send(e.create, { body }),
    update: (id: number, body: BodyOf<E['update']>): Promise<EndpointResult<E['update']>> =>
      send(e.update, { params: { [idKey]: id }, body }),
  };
}

/** The query keys both editors keep under their area's root (everything under it is refreshed after a write). */
export const editorKeys = <R extends Root>(root: R) => ({
  all: [root] as const,
  detail: (id: number) => [root, 'detail', id] as const,
  exists: (field: 'code' | 'name', value: string, id: number | null) =>
    [root, 'exists', field, value, id] as const,
});

/**
 * What an editor's write refreshes: everything under the area's root, or all but the open entity's own query
 * (`keepOpen`: the form keeps its version from the answers, the entity is not re-read behind it).
 */
export const editorRefresh = (root: Root, keepOpen: boolean): InvalidateQueryFilters[] => [
  keepOpen ? { queryKey: [root], predicate: (q) => q.queryKey[1] !== 'detail' } : { queryKey: [root] },
];

/** The editor's saves: create (the first save) and update (with the version read); `saving` while either runs. */
export function useEditorSaves<CreateBody, Created, UpdateBody, Updated>(
  root: Root,
  o: {
    create: (body: CreateBody) => Promise<Created>;
    update: (id: number, body: UpdateBody) => Promise<Updated>;
    keepOpen: boolean;
  },
) {
  const refresh = editorRefresh(root, o.keepOpen);
  const create = useRefreshingWrite(o.create, refresh);
  const update = useRefreshingWrite((v: { id: number; body: UpdateBody }) => o.update(v.id, v.body), refresh);
  return { create, update, saving: create.isPending || update.isPending };
}

/**
 * The live "already present" check of a code or name while typing: asked once typing pauses and the value has
 * three characters; true only when the server said so for the value now in the field.
 */
export function useLiveCodeOrNameExists(
  value: string,
  queryKey: (settled: string) => readonly unknown[],
  ask: (settled: string) => Promise<{ exists: boolean }>,
) {
  const { answer } = useLiveCheck({
    value: value.trim(),
    worthAsking: (settled) => settled.length >= 3,
    queryKey,
    ask,
    staleTime: 10_000,
  });
  return Boolean(answer?.exists);
}
