import type { Dashboard } from '@domain/platform/dashboard';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { EmptyState } from '@web/components/empty-state';
import { formatDay } from '@web/lib/format';
import { describeState } from './order-state-colors';

interface OrdersByDayChartProps {
  days: Dashboard['ordersByDay'];
  height?: number;
}

/** Orders per day for the last 14 days, stacked by order state. */
export function OrdersByDayChart({ days, height = 300 }: OrdersByDayChartProps) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) {
    return (
      <EmptyState
        icon={<InsertChartOutlined />}
        title="No orders in the last 14 days"
        description="The chart fills in as orders are placed."
      />
    );
  }

  const stateKeys = [...new Set(days.flatMap((day) => Object.keys(day.byState)))].sort(
    (a, b) => (Number(a) || 0) - (Number(b) || 0),
  );
  const series = stateKeys.map((key, index) => {
    const state = describeState(key, index);
    return {
      id: key,
      label: state.name,
      color: state.color,
      stack: 'orders',
      data: days.map((day) => day.byState[key] ?? 0),
    };
  });

  return (
    <Box
      role="img"
      aria-label={`Orders per day for the last ${days.length} days, ${total} in all, stacked by order state`}
    >
      <BarChart
        height={height}
        series={series}
        xAxis={[{ scaleType: 'band', data: days.map((day) => formatDay(day.date)) }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        grid={{ horizontal: true }}
        margin={{ left: 0, right: 8 }}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </Box>
  );
}
