import {
  type DashboardChartId,
  type DashboardWidget,
  dashboardChartTitles,
} from '@assess/contracts/dashboard';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { EmptyState } from '../../components/EmptyState';

const HEIGHT = 300;

/**
 * One bar chart of the dashboard (labels + values). Classes are short: vertical bars. Cities, states and
 * interests can be long: horizontal bars with the names on the left, readable on a phone. Right to left
 * (/rtl) the value axis runs the other way and the names stand on the right.
 */
export function DashboardChart({
  id,
  widget,
}: {
  id: DashboardChartId;
  widget: DashboardWidget | undefined;
}) {
  const title = dashboardChartTitles[id];
  const data = widget?.kind === 'chart' ? widget : { lable: [], values: [] };
  const horizontal = id !== 'classWise';
  const titleId = `chart-${id}-title`;
  const rtl = useTheme().direction === 'rtl';
  const margin = rtl ? { left: 16, right: 8, top: 8, bottom: 8 } : { left: 8, right: 16, top: 8, bottom: 8 };
  const yAxisSide = rtl ? ('right' as const) : ('left' as const);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0 }}
      component="section"
      aria-labelledby={titleId}
      data-testid={`chart-${id}`}
    >
      <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: 16, mb: 1 }}>
        {title}
      </Typography>
      {data.lable.length === 0 ? (
        <EmptyState compact icon={<BarChartOutlined />} />
      ) : horizontal ? (
        <BarChart
          height={Math.max(HEIGHT, data.lable.length * 28 + 60)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: data.lable, width: 110, position: yAxisSide }]}
          xAxis={[{ tickMinStep: 1, reverse: rtl }]}
          series={[{ data: data.values, label: 'Students' }]}
          hideLegend
          margin={margin}
        />
      ) : (
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: data.lable, label: 'Class', reverse: rtl }]}
          yAxis={[{ tickMinStep: 1, width: 40, position: yAxisSide }]}
          series={[{ data: data.values, label: 'Students' }]}
          hideLegend
          margin={margin}
        />
      )}
    </Paper>
  );
}
