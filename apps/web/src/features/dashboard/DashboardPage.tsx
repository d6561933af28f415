import {
  type DashboardChartId,
  type DashboardWidgetId,
  dashboardCards,
  dashboardChartTitles,
  visibleDashboardWidgets,
} from '@assess/contracts/dashboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTrialAlert } from '../../app/layout/trialAlert';
import { DateTime } from '../../components/DateTime';
import { CardsSkeleton, cardColumns, SkeletonGroup } from '../../components/Skeletons';
import { useSignedInSession } from '../auth/session';
import { SubscriptionsDialog } from '../providers/SubscriptionsDialog';
import { ownProviderRow, useDashboard } from './api';
import { DashboardCard } from './DashboardCards';
import { DashboardChart } from './DashboardChart';
import { TrendingSeries } from './TrendingSeries';

const isCard = (id: DashboardWidgetId): id is keyof typeof dashboardCards => id in dashboardCards;
const isChart = (id: DashboardWidgetId): id is DashboardChartId => id in dashboardChartTitles;

/** The cards and charts the user will get, as grey shapes, announced once as loading. */
function DashboardSkeleton({ cards, charts }: { cards: number; charts: number }) {
  if (cards + charts === 0) return null;
  return (
    <SkeletonGroup label="Loading the dashboard" sx={{ display: 'grid', gap: 3 }}>
      {cards > 0 && <CardsSkeleton count={cards} variant="figure" />}
      {charts > 0 && <CardsSkeleton count={charts} variant="chart" />}
    </SkeletonGroup>
  );
}

/**
 * /admin/dashboard (spec part 1 §2 "Dashboard", part 3 §2 "Admin dashboard"): the cards, charts and the
 * Trending Test Series table the user's role, package and privileges allow, chosen by the same rule the
 * server applies (visibleDashboardWidgets). While the first answer loads, skeletons of the same cards and
 * charts hold their places; a failed fetch is only logged and leaves the cards empty.
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
  const trending = ids.includes('trendingSeries');
  // Products (role 7) opens the Subscriptions dialog of the aggregator's own provider.
  const [products, setProducts] = useState(false);

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
      {dashboard.isPending ? (
        <DashboardSkeleton cards={cards.length} charts={charts.length} />
      ) : (
        <>
          {cards.length > 0 && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: cardColumns.figure }}>
              {cards.map((id) => (
                <DashboardCard
                  key={id}
                  id={id}
                  widget={widgetOf(id)}
                  updatedAt={dashboard.data?.updatedAt}
                  onOpen={() => setProducts(true)}
                />
              ))}
            </Box>
          )}
          {charts.length > 0 && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: cardColumns.wide }}>
              {charts.map((id) => (
                <DashboardChart key={id} id={id} widget={widgetOf(id)} />
              ))}
            </Box>
          )}
          {trending && <TrendingSeries widget={widgetOf('trendingSeries')} />}
        </>
      )}
      {products && <SubscriptionsDialog row={ownProviderRow(session)} onClose={() => setProducts(false)} />}
    </Box>
  );
}

export { DashboardPage as Component };
