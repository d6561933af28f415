import { isMenuGroup, visibleMenu } from '@assess/contracts/access';
import {
  type DashboardChartId,
  type DashboardWidgetId,
  dashboardCards,
  dashboardChartTitles,
  visibleDashboardWidgets,
} from '@assess/contracts/dashboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTrialAlert } from '../../app/layout/trialAlert';
import { DateTime } from '../../components/DateTime';
import { PagedGrid } from '../../components/PagedGrid';
import { usePaging } from '../../components/usePaging';
import { menuContextOf, useSignedInSession } from '../auth/session';
import { useDashboard } from './api';
import { DashboardCard } from './DashboardCards';
import { DashboardChart } from './DashboardChart';

const isCard = (id: DashboardWidgetId): id is keyof typeof dashboardCards => id in dashboardCards;
const isChart = (id: DashboardWidgetId): id is DashboardChartId => id in dashboardChartTitles;

type AreaRow = { id: string; label: string; group: string; path: string };
const areaColumns: GridColDef<AreaRow>[] = [
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
];

/** The areas of the user's menu: quick links below the widgets. */
function YourAreas() {
  const session = useSignedInSession();
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
  return (
    <Box component="section" aria-labelledby="areas-title">
      <Typography id="areas-title" component="h2" sx={{ fontSize: 18, fontWeight: 600, mb: 1.5 }}>
        Your areas
      </Typography>
      <PagedGrid
        label="Your areas"
        rows={pageRows}
        columns={areaColumns}
        rowCount={rows.length}
        page={paging.page}
        pageSize={paging.pageSize}
        onPagingChange={paging.onPagingChange}
        height={500}
      />
    </Box>
  );
}

/**
 * /admin/dashboard (spec part 1 §2 "Dashboard"): the cards and charts the user's privileges allow,
 * chosen by the same rule the server applies (visibleDashboardWidgets); part 3's role-dependent cards
 * add widget ids and renderers here. A failed fetch is only logged and leaves the cards empty.
 */
export function DashboardPage() {
  const session = useSignedInSession();
  const trial = useTrialAlert();
  const dashboard = useDashboard();
  const u = session.userDetails;
  const ids = visibleDashboardWidgets(session.privilegeObject);
  const widgetOf = (id: DashboardWidgetId) => dashboard.data?.widgets.find((w) => w.id === id);
  const cards = ids.filter(isCard);
  const charts = ids.filter(isChart);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {trial.shown && (
        <Alert severity="info" onClose={trial.hide} data-testid="trial-alert">
          You are using the Trial package. It is valid until <DateTime value={session.validTo ?? u.validTo} />
          .
        </Alert>
      )}
      <Typography variant="h1" sx={{ fontSize: 22, fontWeight: 600 }}>
        Welcome, {u.firstName || u.fullName || u.userName}
      </Typography>
      {cards.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {cards.map((id) => (
            <DashboardCard key={id} id={id} widget={widgetOf(id)} updatedAt={dashboard.data?.updatedAt} />
          ))}
        </Box>
      )}
      {charts.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {charts.map((id) => (
            <DashboardChart key={id} id={id} widget={widgetOf(id)} />
          ))}
        </Box>
      )}
      <YourAreas />
    </Box>
  );
}

export { DashboardPage as Component };
