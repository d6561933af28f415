import { commonMessages } from '@assess/contracts/common';
import {
  type Allocation,
  isAllocationRowSelectable,
  LICENCE_PAGE_SIZE,
  LICENCE_PAGE_SIZES,
  licenceProvisionMessages as lm,
  procureCountError,
} from '@assess/contracts/providers';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { EmptyState } from '../../components/EmptyState';
import { isApiError } from '../../lib/api';
import { useSaveAllocation } from './api';

type Props = {
  allocation: Allocation;
  /** The caller may change the counts (the spec's edit rule and the server's mode agree). */
  editable: boolean;
  onSaved: (message: string) => void;
  onError: (message: string) => void;
};

/**
 * The licence allocation grid (part 3 §2 "Provision Licenses", §5 "Licence allocation"): Content Partner,
 * Test Series, License Available, Procure License; 10 rows a page (10/30/50/100). A selected row needs a
 * numeric count ('Required'); Save is enabled only with a selection; an aggregator selects a row only
 * when licences are available.
 */
export function AllocationTable({ allocation, editable, onSaved, onError }: Props) {
  const { rows, mode, providerId } = allocation;
  const save = useSaveAllocation(providerId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [paging, setPaging] = useState({ page: 0, pageSize: LICENCE_PAGE_SIZE });
  useEffect(() => {
    setCounts(Object.fromEntries(rows.map((r) => [r.resourceId, String(r.procureStudentsCount)])));
    setSelected(new Set());
    setErrors({});
  }, [rows]);

  const selectable = useMemo(
    () =>
      new Set(rows.filter((r) => editable && isAllocationRowSelectable(r, mode)).map((r) => r.resourceId)),
    [rows, editable, mode],
  );
  const pageRows = rows.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  const pageSelectable = pageRows.filter((r) => selectable.has(r.resourceId)).map((r) => r.resourceId);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((id) => selected.has(id));

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  async function onSave() {
    const found: Record<number, string> = {};
    for (const id of selected) {
      const message = procureCountError(counts[id] ?? '');
      if (message) found[id] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const res = await save.mutateAsync({
        mappings: [...selected].map((id) => ({ resourceId: id, studentsCount: Number(counts[id]) })),
      });
      onSaved(res.message);
    } catch (e) {
      onError(isApiError(e) && e.status >= 400 && e.status < 500 ? e.message : lm.saveError);
    }
  }

  if (rows.length === 0) return <EmptyState compact message={commonMessages.dataNotFound} />;
  return (
    <Box>
      <Paper variant="outlined">
        <TableContainer tabIndex={0} role="region" aria-label={`Licence grid of ${allocation.providerName}`}>
          <Table size="small" aria-label={`Licences of ${allocation.providerName}`}>
            <TableHead>
              <TableRow>
                {editable && (
                  <TableCell padding="checkbox" sx={{ bgcolor: 'grey.50' }}>
                    <Checkbox
                      size="small"
                      checked={allOnPage}
                      disabled={pageSelectable.length === 0}
                      onChange={(_, on) => toggle(pageSelectable, on)}
                      slotProps={{ input: { 'aria-label': 'Select all test series on this page' } }}
                    />
                  </TableCell>
                )}
                {['Content Partner', 'Test Series', 'License Available', 'Procure License'].map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600, bgcolor: 'grey.50' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((r) => {
                const isSelected = selected.has(r.resourceId);
                return (
                  <TableRow key={r.resourceId} selected={isSelected}>
                    {editable && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={isSelected}
                          disabled={!selectable.has(r.resourceId)}
                          onChange={(_, on) => toggle([r.resourceId], on)}
                          slotProps={{ input: { 'aria-label': `Select ${r.courseName}` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>{r.contentPartnerName}</TableCell>
                    <TableCell>
                      {r.courseName}
                      <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.8em' }}>
                        {r.courseCode}
                      </Box>
                    </TableCell>
                    <TableCell>{r.licenseStudentsCount}</TableCell>
                    <TableCell sx={{ minWidth: 150 }}>
                      {editable ? (
                        <TextField
                          size="small"
                          type="number"
                          value={counts[r.resourceId] ?? ''}
                          disabled={!isSelected || save.isPending}
                          onChange={(e) => {
                            setCounts((c) => ({ ...c, [r.resourceId]: e.target.value }));
                            setErrors(({ [r.resourceId]: _, ...rest }) => rest);
                          }}
                          error={Boolean(errors[r.resourceId])}
                          helperText={errors[r.resourceId]}
                          slotProps={{
                            // the selected row's tint lowers the error red's contrast below 4.5:1 (axe): darker red
                            formHelperText: { sx: { '&.Mui-error': { color: 'error.dark' } } },
                            htmlInput: {
                              min: r.assignedStudentsCount,
                              step: 1,
                              'aria-label': `Procure License for ${r.courseName}`,
                            },
                          }}
                        />
                      ) : (
                        r.procureStudentsCount
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={paging.page}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...LICENCE_PAGE_SIZES]}
          onPageChange={(_, page) => setPaging((p) => ({ ...p, page }))}
          onRowsPerPageChange={(e) => setPaging({ page: 0, pageSize: Number(e.target.value) })}
        />
      </Paper>
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <BusyButton
            disabled={selected.size === 0 || save.isPending}
            onClick={() => void onSave()}
            busy={save.isPending}
          >
            Save
          </BusyButton>
        </Box>
      )}
    </Box>
  );
}
