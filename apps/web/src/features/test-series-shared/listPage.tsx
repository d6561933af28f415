import { ContentFilter, type ContentFilterId, contentFilterNames } from '@assess/contracts/questions';
import { testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { type ReactNode, useCallback } from 'react';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import type { Paging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import type { CatalogueRow } from './columns';

const contentFilters: ContentFilterId[] = [ContentFilter.All, ContentFilter.Owned, ContentFilter.Subscribed];
/** Columns a phone hides at first (the grid still scrolls sideways to them). */
const phoneHidden = { providerName: false, difficultyLevel: false, objective: false, targetAudience: false };

/**
 * The list's top bar (part 3 §2): the All / Owned / Subscribed toggle and '+ New' (when the caller may create).
 * The top bar of the shell carries the page's title (h1).
 */
export function CatalogueToolbar(props: {
  label: string;
  contentFilter: ContentFilterId;
  onContentFilter: (v: ContentFilterId) => void;
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
        value={props.contentFilter}
        onChange={(_e, v: ContentFilterId | null) => v !== null && props.onContentFilter(v)}
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
 * The server-paged grid of a list: locked rows greyed (their cells carry `lockedClass`), the phone's hidden
 * columns, the server's error or 'Data not found' when empty, and checkbox selection for those who may update.
 */
export function CatalogueGrid<R extends CatalogueRow>(props: {
  label: string;
  lockedClass: string;
  list: {
    data?: { items: R[]; totalCount: number };
    isFetching: boolean;
    isError: boolean;
    error: Error | null;
  };
  columns: GridColDef<R>[];
  getRowId: (row: R) => GridRowId;
  selectable: boolean;
  selected: GridRowId[];
  onSelected: (ids: GridRowId[]) => void;
  isRowSelectable: (row: R) => boolean;
  paging: { page: number; pageSize: number; onPagingChange: (p: Paging) => void };
}): ReactNode {
  const { list, paging } = props;
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Box
      sx={{ [`& .${props.lockedClass}`]: { bgcolor: 'action.disabledBackground', color: 'text.secondary' } }}
    >
      <PagedGrid
        label={props.label}
        rows={list.data?.items ?? []}
        columns={props.columns}
        rowCount={list.data?.totalCount ?? 0}
        getRowId={props.getRowId}
        loading={list.isFetching}
        height={650}
        checkboxSelection={props.selectable}
        selectedIds={props.selected}
        onSelectionChange={props.onSelected}
        isRowSelectable={props.isRowSelectable}
        emptyMessage={list.isError ? list.error?.message : testMessages.dataNotFound}
        hiddenColumns={phone ? phoneHidden : undefined}
        page={paging.page}
        pageSize={paging.pageSize}
        onPagingChange={paging.onPagingChange}
      />
    </Box>
  );
}
