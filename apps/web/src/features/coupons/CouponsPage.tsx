import { hasPrivilege } from '@assess/contracts/access';
import { commonMessages, formatDate } from '@assess/contracts/common';
import type { CouponRow } from '@assess/contracts/coupons';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { DateTime, EmptyState, PagedGrid, usePaging, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useCouponList, useSetCouponActive } from './api';
import { CouponFormModal } from './CouponFormModal';

/** A calendar day (yyyy-mm-dd) as dd-Mon-yyyy, without moving it through a time zone. */
function dayLabel(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return formatDate(new Date(y, m - 1, d));
}

/** Coupons (/admin/Coupons), issue 17: server-paged grid with an active switch, Coupon Form add / edit. */
export function CouponsPage() {
  const p = useSignedInSession().privilegeObject;
  const canView = hasPrivilege(p, 'Coupon', 'ViewCoupon');
  const canAdd = hasPrivilege(p, 'Coupon', 'AddCoupon');
  const canToggle = hasPrivilege(p, 'Coupon', 'Active/InactiveCoupon');
  const paging = usePaging();
  const list = useCouponList(paging.page, paging.pageSize);
  const toggle = useSetCouponActive();
  const toast = useToast();
  const [editing, setEditing] = useState<{ coupon: CouponRow | null } | null>(null);

  const columns = useMemo<GridColDef<CouponRow>[]>(
    () => [
      { field: 'couponCodeText', headerName: 'Coupon Code', minWidth: 130, flex: 1 },
      { field: 'createdByName', headerName: 'Created By', minWidth: 140, flex: 1 },
      {
        field: 'createdDate',
        headerName: 'Created Date',
        width: 200,
        renderCell: ({ row }) => <DateTime value={row.createdDate} />,
      },
      { field: 'discountPercentage', headerName: 'Discount (%)', width: 110, type: 'number' },
      { field: 'providerName', headerName: 'Provider Name', minWidth: 140, flex: 1 },
      { field: 'courseName', headerName: 'Course Name', minWidth: 180, flex: 1.4 },
      {
        field: 'validFrom',
        headerName: 'Valid From',
        width: 115,
        renderCell: ({ row }) => dayLabel(row.validFrom),
      },
      {
        field: 'validTo',
        headerName: 'Valid To',
        width: 115,
        renderCell: ({ row }) => dayLabel(row.validTo),
      },
      {
        field: 'isActive',
        headerName: 'Active',
        width: 90,
        renderCell: ({ row }) => (
          <Switch
            checked={row.isActive}
            disabled={!canToggle}
            onChange={(_e, isActive) =>
              toggle.mutate(
                { couponId: row.id, isActive },
                {
                  onSuccess: (res) => toast.success(res.message),
                  onError: (e) => toast.error(isApiError(e) ? e.message : commonMessages.errorOccured),
                },
              )
            }
            slotProps={{ input: { 'aria-label': `${row.couponCodeText} active` } }}
          />
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 80,
        renderCell: ({ row }) =>
          canAdd && (
            <IconButton
              size="small"
              aria-label={`Edit ${row.couponCodeText}`}
              onClick={() => setEditing({ coupon: row })}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          ),
      },
    ],
    [canAdd, canToggle, toggle, toast],
  );

  if (!canView) return <EmptyState message="You do not have permission to view the coupons." />;

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Coupons
        </Typography>
        {canAdd && (
          <Button
            variant="contained"
            onClick={() => setEditing({ coupon: null })}
            sx={{ whiteSpace: 'nowrap' }}
          >
            + Add
          </Button>
        )}
      </Stack>
      <PagedGrid label="Coupons" list={list} columns={columns} {...paging} />
      {editing && <CouponFormModal coupon={editing.coupon} onClose={() => setEditing(null)} />}
    </Box>
  );
}

export { CouponsPage as Component };
