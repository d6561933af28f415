import {
  isMenuGroup,
  type PackageId,
  packageNames,
  type RoleId,
  roleNames,
  visibleMenu,
} from '@assess/contracts/access';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTrialAlert } from '../../app/layout/trialAlert';
import { DateTime } from '../../components/DateTime';
import { PagedGrid } from '../../components/PagedGrid';
import { usePaging } from '../../components/usePaging';
import { menuContextOf, useSignedInSession } from '../auth/session';

type AreaRow = { id: string; label: string; group: string; path: string };

const columns: GridColDef<AreaRow>[] = [
  {
    field: 'label',
    headerName: 'Area',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={row.path} underline="hover">
        {row.label}
      </Link>
    ),
  },
  { field: 'group', headerName: 'Menu group', flex: 1, minWidth: 160 },
  {
    field: 'path',
    headerName: 'Address',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => <bdi dir="ltr">{row.path}</bdi>,
  },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: 17, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Paper>
  );
}

/**
 * /admin/dashboard. The cards and charts of spec part 1 §2 and part 3 §2 arrive with a later release; for
 * now it greets the user, shows the trial alert and lists the areas of their menu (a PagedGrid example).
 */
export function DashboardPage() {
  const session = useSignedInSession();
  const trial = useTrialAlert();
  const u = session.userDetails;
  const paging = usePaging();
  const rows = useMemo<AreaRow[]>(
    () =>
      visibleMenu(menuContextOf(session)).flatMap((e) =>
        isMenuGroup(e)
          ? e.items.map((i) => ({ id: i.key, label: i.label, group: e.label, path: i.path }))
          : [{ id: e.key, label: e.label, group: '-', path: e.path }],
      ),
    [session],
  );
  const pageRows = rows.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
  const roleId = session.privilegeObject.roles[0]?.id as RoleId | undefined;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {trial.shown && (
        <Alert severity="info" onClose={trial.hide} data-testid="trial-alert">
          You are using the Trial package. It is valid until <DateTime value={session.validTo ?? u.validTo} />
          .
        </Alert>
      )}
      <Box>
        <Typography variant="h2" sx={{ fontSize: 24 }}>
          Welcome, {u.firstName || u.fullName || u.userName}
        </Typography>
        <Typography color="textSecondary">
          Your workspace at {u.providerName}. Cards and charts for the dashboard arrive with a later release.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <Fact label="Provider">{u.providerName}</Fact>
        <Fact label="Package">{packageNames[session.privilegeObject.packageId as PackageId] ?? '-'}</Fact>
        <Fact label="Role">{(roleId && roleNames[roleId]) || '-'}</Fact>
        <Fact label="Valid until">
          <DateTime value={session.validTo ?? u.validTo} />
        </Fact>
      </Box>
      <Box component="section" aria-labelledby="areas-title">
        <Typography id="areas-title" variant="h3" sx={{ fontSize: 18, mb: 1.5 }}>
          Your areas
        </Typography>
        <PagedGrid
          label="Your areas"
          rows={pageRows}
          columns={columns}
          rowCount={rows.length}
          page={paging.page}
          pageSize={paging.pageSize}
          onPagingChange={paging.onPagingChange}
          height={500}
        />
      </Box>
    </Box>
  );
}

export { DashboardPage as Component };
