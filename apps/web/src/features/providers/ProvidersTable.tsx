import { packageNames, providerTypeNames } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import { PROVIDER_PAGE_SIZES, type ProviderRow } from '@assess/contracts/providers';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SubscriptionsOutlinedIcon from '@mui/icons-material/SubscriptionsOutlined';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import type { Paging } from '../../components/usePaging';

type Props = {
  rows: ProviderRow[];
  totalCount: number;
  paging: Paging;
  onPagingChange: (p: Paging) => void;
  loading: boolean;
  /** Whether the switch of a row may be used (Active/InactiveProvider, never one's own provider). */
  canToggle: (row: ProviderRow) => boolean;
  onToggle: (row: ProviderRow, isActive: boolean) => void;
  canEdit: boolean;
  onEdit: (row: ProviderRow) => void;
  onSubscriptions: (row: ProviderRow) => void;
};

const head = ['Name', 'Type', 'Package', 'Email', 'Mobile', 'Validity', 'Active', 'Actions'];

/**
 * The provider grid: server-paged, 1000 rows to a page by default (part 3 §9; the data grid of the UI kit
 * stops at 100 rows a page, so this list is a plain table with the same paging contract).
 */
export function ProvidersTable(props: Props) {
  const { rows, totalCount, paging, onPagingChange, loading } = props;
  return (
    <Paper variant="outlined">
      {/* Focusable so keyboard users can scroll the wide table (axe scrollable-region-focusable). */}
      <TableContainer sx={{ maxHeight: 650 }} tabIndex={0} role="region" aria-label="Providers list">
        <Table size="small" stickyHeader aria-label="Providers">
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600, bgcolor: 'grey.50', whiteSpace: 'nowrap' }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.providerId} hover>
                <TableCell sx={{ minWidth: 170 }}>
                  {row.name}
                  {row.parentProviderName && (
                    <Typography variant="caption" component="div" color="textSecondary">
                      of {row.parentProviderName}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{providerTypeNames[row.providerTypeId as 1] ?? row.providerTypeId}</TableCell>
                <TableCell>{packageNames[row.packageId as 1] ?? row.packageId}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 150 }}>{row.email ?? '-'}</TableCell>
                <TableCell>{row.mobile ?? '-'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={row.validFrom} dateOnly />
                  <Typography variant="caption" component="div" color="textSecondary">
                    to <DateTime value={row.validTo} dateOnly />
                  </Typography>
                </TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={row.isActive}
                    disabled={!props.canToggle(row)}
                    onChange={(_, checked) => props.onToggle(row, checked)}
                    slotProps={{ input: { 'aria-label': `Active: ${row.name}` } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {props.canEdit && (
                    <Tooltip title="Edit">
                      <IconButton
                        size="small"
                        aria-label={`Edit ${row.name}`}
                        onClick={() => props.onEdit(row)}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title="Subscriptions">
                    <IconButton
                      size="small"
                      aria-label={`Subscriptions of ${row.name}`}
                      onClick={() => props.onSubscriptions(row)}
                    >
                      <SubscriptionsOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loading && <LinearProgress aria-label="Loading providers" />}
        {!loading && rows.length === 0 && <EmptyState compact message={commonMessages.dataNotFound} />}
      </TableContainer>
      <TablePagination
        component="div"
        count={totalCount}
        page={Math.max(0, paging.page - 1)}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[...PROVIDER_PAGE_SIZES]}
        onPageChange={(_, page) => onPagingChange({ page: page + 1, pageSize: paging.pageSize })}
        onRowsPerPageChange={(e) => onPagingChange({ page: 1, pageSize: Number(e.target.value) })}
      />
    </Paper>
  );
}
