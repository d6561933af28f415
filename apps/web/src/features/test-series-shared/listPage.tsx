import { hasPrivilege } from '@assess/contracts/access';
import { ContentFilter, type ContentFilterId, contentFilterNames } from '@assess/contracts/questions';
import { type TestRowCaller, testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridRowId } from '@mui/x-data-grid';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type ConfirmOptions, useConfirm } from '../../components/Confirm';
import { type PagedList, useListPaging } from '../../components/listPaging';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import type { CatalogueGridColumns, CatalogueRow } from './columns';

/**
 * What a list keeps (part 3 §2): the All / Owned / Subscribed toggle, the page (kept while the user is away) and
 * the ticked rows. Another filter unticks every row and goes back to the first page.
 */
export function useCatalogueState(list: PagedList) {
  const paging = useListPaging(list);
  const [contentFilter, setContentFilter] = useState<ContentFilterId>(ContentFilter.All);
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const resetPage = paging.reset;
  const refilter = useCallback(
    (next: ContentFilterId) => {
      setContentFilter(next);
      setSelected([]);
      resetPage();
    },
    [resetPage],
  );
  return { paging, contentFilter, refilter, selected, setSelected };
}
export type CatalogueState = ReturnType<typeof useCatalogueState>;

/**
 * What a list page starts from: the caller's privileges in its area (`can`), the row rules' caller (the same
 * the server checks with), the row writes (`run`, or `ask` first) and the list's state.
 */
export function useCataloguePage(area: 'Test' | 'TestSeries', list: PagedList) {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const caller = useMemo<TestRowCaller>(
    () => ({
      providerId: session.userDetails.providerId,
      userId: session.userDetails.userId,
      roles: p.roles.map((r) => r.id),
      privileges: p.privileges,
      omrEnabled: session.licenseObject.OMREnabled,
    }),
    [session, p],
  );
  const run = useRowWrite();
  const ask = useConfirmedRowWrite();
  const state = useCatalogueState(list);
  const can = (name: string) => hasPrivilege(p, area, name);
  return { can, caller, run, ask, state };
}

const contentFilters: ContentFilterId[] = [ContentFilter.All, ContentFilter.Owned, ContentFilter.Subscribed];
/** Columns a phone hides at first (the grid still scrolls sideways to them). */
const phoneHidden = { providerName: false, difficultyLevel: false, objective: false, targetAudience: false };

/**
 * The list's top bar (part 3 §2): the All / Owned / Subscribed toggle and '+ New' (when the caller may create).
 * The top bar of the shell carries the page's title (h1).
 */
export function CatalogueToolbar(props: {
  label: string;
  state: CatalogueState;
  onNew: (() => void) | null;
  newDisabled?: boolean;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { xs: 'stretch', md: 'center' } }}
    >
      <Box sx={{ flexGrow: 1 }} />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={props.label}
        value={props.state.contentFilter}
        onChange={(_e, v: ContentFilterId | null) => v !== null && props.state.refilter(v)}
      >
        {contentFilters.map((f) => (
          <ToggleButton key={f} value={f} sx={{ px: 2, flex: { xs: 1, md: 'none' } }}>
            {contentFilterNames[f]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {props.onNew && (
        <Button variant="contained" onClick={props.onNew} disabled={props.newDisabled}>
          + New
        </Button>
      )}
    </Stack>
  );
}

/** Runs a row's write and reports the server's message; on failure the server's text is the error toast (§8). */
export function useRowWrite() {
  const toast = useToast();
  return useCallback(
    async (work: () => Promise<{ message: string }>) => {
      try {
        toast.success((await work()).message);
      } catch (e) {
        toast.error(isApiError(e) && e.status !== 0 ? e.message : testMessages.errorOccured, {
          duration: 5000,
        });
      }
    },
    [toast],
  );
}

/**
 * A row's write asked first (part 3 §2's confirmations): it runs, as useRowWrite, only once the question is
 * confirmed.
 */
export function useConfirmedRowWrite() {
  const run = useRowWrite();
  const confirm = useConfirm();
  return useCallback(
    async (question: ConfirmOptions, work: () => Promise<{ message: string }>) => {
      if (await confirm(question)) await run(work);
    },
    [run, confirm],
  );
}

/** The question before a row's Delete or Clean data: the spec's message, a red button named for the action. */
export const destructiveQuestion = (message: string, confirmText: 'Delete' | 'Clean'): ConfirmOptions => ({
  message,
  destructive: true,
  confirmText,
});

/**
 * The server-paged grid of a list: locked rows greyed (their cells carry `lockedClass`), the phone's hidden
 * columns, the server's error or 'Data not found' when empty, and checkbox selection for those who may update.
 */
export function CatalogueGrid<R extends CatalogueRow>(props: {
  label: string;
  list: {
    data?: { items: R[]; totalCount: number };
    isFetching: boolean;
    isError: boolean;
    error: Error | null;
  };
  grid: CatalogueGridColumns<R>;
  state: CatalogueState;
  /** Whether the caller may tick rows (the update privilege). */
  selectable: boolean;
}): ReactNode {
  const { list, grid, state } = props;
  const { paging } = state;
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Box
      sx={{ [`& .${grid.lockedClass}`]: { bgcolor: 'action.disabledBackground', color: 'text.secondary' } }}
    >
      <PagedGrid
        label={props.label}
        rows={list.data?.items ?? []}
        columns={grid.columns}
        rowCount={list.data?.totalCount ?? 0}
        getRowId={grid.getRowId}
        loading={list.isFetching}
        height={650}
        checkboxSelection={props.selectable}
        selectedIds={state.selected}
        onSelectionChange={state.setSelected}
        isRowSelectable={grid.isRowSelectable}
        emptyMessage={list.isError ? list.error?.message : testMessages.dataNotFound}
        hiddenColumns={phone ? phoneHidden : undefined}
        page={paging.page}
        pageSize={paging.pageSize}
        onPagingChange={paging.onPagingChange}
      />
    </Box>
  );
}
