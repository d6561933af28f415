import { commonMessages, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@assess/contracts/common';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
  useGridApiRef,
} from '@mui/x-data-grid';
import { useLayoutEffect, useMemo, useState } from 'react';
import { EmptyState } from './EmptyState';
import type { Paging } from './usePaging';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    message?: string;
  }
}

/** Grid heights the spec uses. */
export type GridHeight = 500 | 650;

/** A server page of rows: what a list query returns. */
export type PageOfRows<R> = { items: readonly R[]; totalCount: number };

/** The grid's rows: a list query (its page, its loading state) or the rows, the total and the state themselves. */
type GridRows<R> =
  | { list: { data?: PageOfRows<R>; isFetching: boolean }; rows?: never; rowCount?: never; loading?: never }
  | {
      list?: never;
      rows: readonly R[];
      /** Total rows on the server (all pages). */
      rowCount: number;
      loading?: boolean;
    };

export type PagedGridProps<R extends GridValidRowModel> = GridRows<R> & {
  /** Accessible name of the grid (e.g. 'Students'). */
  label: string;
  columns: readonly GridColDef<R>[];
  /** 1-based page. */
  page: number;
  pageSize: number;
  /** Called with the new 1-based page and size; a size change goes back to page 1. */
  onPagingChange: (paging: Paging) => void;
  /** Fixed height in px (500 or 650 in the spec). */
  height?: GridHeight | number;
  getRowId?: (row: R) => GridRowId;
  /** Checkbox selection of the rows of the current page. */
  checkboxSelection?: boolean;
  selectedIds?: readonly GridRowId[];
  onSelectionChange?: (ids: GridRowId[]) => void;
  /** Rows whose checkbox is offered (all by default). */
  isRowSelectable?: (row: R) => boolean;
  /** Text of the empty overlay; 'Data not found' by default. */
  emptyMessage?: string;
  /** Columns hidden at first (e.g. { state: false }). */
  hiddenColumns?: Record<string, boolean>;
  /** Page sizes offered; 10/30/50/70/100 by default (the task details grid: 7 only). */
  pageSizeOptions?: readonly number[];
  /**
   * Columns pinned to the left edge beside the row checkbox (e.g. the row's name), so a row scrolled sideways
   * to its actions still shows whose it is; on wide screens only, as the actions.
   */
  pinnedLeft?: readonly string[];
};

/**
 * The empty overlay sits inside role=grid, which may own rows only: its message is plain text there, not a
 * live region (axe aria-required-children on every empty grid).
 */
function NoRows({ message }: { message?: string }) {
  return <EmptyState compact live={false} message={message ?? commonMessages.dataNotFound} />;
}

/** The column every list's row actions live in: pinned to the right, so narrow screens keep it in view. */
const ACTIONS_FIELD = 'actions';

/**
 * The server-paged grid every list uses: page sizes 10/30/50/70/100, 1-based paging in and out
 * (converted to the DataGrid's 0-based model), a fixed height, a loading state and the 'Data not found'
 * overlay. Sorting and filtering stay off; lists filter with their own toolbar.
 */
export function PagedGrid<R extends GridValidRowModel>({
  label,
  columns,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPagingChange,
  height = 500,
  getRowId,
  checkboxSelection = false,
  selectedIds,
  onSelectionChange,
  isRowSelectable,
  emptyMessage,
  hiddenColumns,
  pageSizeOptions = PAGE_SIZES,
  pinnedLeft,
  ...source
}: PagedGridProps<R>) {
  const rows = source.list ? (source.list.data?.items ?? []) : source.rows;
  const rowCount = source.list ? (source.list.data?.totalCount ?? 0) : source.rowCount;
  const loading = source.list ? source.list.isFetching : (source.loading ?? false);
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: Math.max(0, page - 1), pageSize }),
    [page, pageSize],
  );
  const selectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selectedIds ? { type: 'include', ids: new Set(selectedIds) } : undefined),
    [selectedIds],
  );

  // Pin the actions column to the right edge, so a list wider than the screen (1366 px) never hides its row
  // actions; not on a phone, where the pinned actions would leave the other columns no room (there the whole
  // grid scrolls sideways). The MIT DataGrid has no pinnedColumns prop (Pro's), but it keeps and renders the
  // pinnedColumns state (empty by default): set here, the column gets the grid's own sticky pinned cells.
  const apiRef = useGridApiRef();
  // read once at mount: with a live media query (useMediaQuery) an open row menu in the pinned column closed
  const theme = useTheme();
  const [wide] = useState(() => window.matchMedia(`(min-width: ${theme.breakpoints.values.sm}px)`).matches);
  const pinActions = wide && columns.some((c) => c.field === ACTIONS_FIELD);
  // the named columns pinned left, behind the row checkbox (a pinned column goes before the unpinned ones)
  const leftKey = wide && pinnedLeft?.length ? pinnedLeft.join(' ') : '';
  useLayoutEffect(() => {
    const named = leftKey ? leftKey.split(' ') : [];
    const left =
      named.length && checkboxSelection ? [GRID_CHECKBOX_SELECTION_COL_DEF.field, ...named] : named;
    apiRef.current?.setState((s) => ({
      ...s,
      pinnedColumns: { left, right: pinActions ? [ACTIONS_FIELD] : [] },
    }));
  }, [apiRef, pinActions, leftKey, checkboxSelection]);

  const onPagination = (m: GridPaginationModel) => {
    const sizeChanged = m.pageSize !== pageSize;
    onPagingChange({ page: sizeChanged ? 1 : m.page + 1, pageSize: m.pageSize });
  };

  const onSelection = (m: GridRowSelectionModel) => {
    if (!onSelectionChange) return;
    if (m.type === 'include') return onSelectionChange([...m.ids]);
    const idOf = (r: R) => (getRowId ? getRowId(r) : (r.id as GridRowId));
    const offered = isRowSelectable ? rows.filter(isRowSelectable) : rows;
    onSelectionChange(offered.map(idOf).filter((id) => !m.ids.has(id)));
  };

  return (
    <Paper variant="outlined" sx={{ height, width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <DataGrid
        apiRef={apiRef}
        label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableColumnSorting
        disableColumnMenu
        pageSizeOptions={pageSizeOptions}
        // a list has a dozen columns at most: keep every one rendered while the grid scrolls sideways at 1366 px
        // (the default 150 px buffer dropped a row's code from the page once the actions were scrolled to, so
        // a screen reader's row had no name and find-in-page missed it)
        columnBufferPx={600}
        paginationModel={paginationModel}
        onPaginationModelChange={onPagination}
        checkboxSelection={checkboxSelection}
        disableRowSelectionOnClick
        keepNonExistentRowsSelected={checkboxSelection}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onSelection}
        isRowSelectable={isRowSelectable ? ({ row }) => isRowSelectable(row) : undefined}
        initialState={hiddenColumns ? { columns: { columnVisibilityModel: hiddenColumns } } : undefined}
        slots={{ noRowsOverlay: NoRows }}
        slotProps={{
          noRowsOverlay: { message: emptyMessage },
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
        }}
        sx={{
          border: 0,
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        }}
      />
    </Paper>
  );
}
