import type { Dashboard } from '@domain/platform/dashboard';
import { formatMoney } from '@domain/reference/money';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatCount } from '@web/lib/format';
import { stateColor } from './order-state-colors';
import { StatCard } from './stat-card';

function OrdersTodayBreakdown({ states }: { states: Dashboard['ordersToday'] }) {
  const shown = states.filter((s) => s.count > 0);
  if (shown.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      {shown.map((s, index) => (
        <Box
          component="li"
          key={s.state}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}
        >
          <Box
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: stateColor(s.state, index) }}
          />
          <span>
            {s.name} <strong>{formatCount(s.count)}</strong>
          </span>
        </Box>
      ))}
    </Box>
  );
}

function RefundTotals({ refunds }: { refunds: Dashboard['refundsToday'] }) {
  if (refunds.byCurrency.length === 0) return <>{formatMoney(0, 'USD')}</>;
  return (
    // Two currencies share the card, so the amounts are set smaller than a single count.
    <Box
      component="span"
      sx={{ display: 'flex', flexDirection: 'column', fontSize: { xs: '1.125rem', sm: '1.5rem' } }}
    >
      {refunds.byCurrency.map((r) => (
        <Box
          component="span"
          key={r.currency}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 0.75 }}
        >
          {formatMoney(r.amountCents, r.currency)}
          <Typography component="span" sx={{ fontSize: 14, color: 'text.secondary' }}>
            {r.currency}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The four numbers an agent or leader checks first thing. */
export function DashboardStats({ dashboard }: { dashboard: Dashboard }) {
  const { refundsToday } = dashboard;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, lg: 3 }}>
        <StatCard label="Orders today" value={formatCount(dashboard.ordersTodayTotal)} to="/orders">
          <OrdersTodayBreakdown states={dashboard.ordersToday} />
        </StatCard>
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <StatCard
          label="Failed orders waiting"
          value={formatCount(dashboard.failedOrdersWaiting)}
          caption={dashboard.failedOrdersWaiting > 0 ? 'Not yet handed downstream' : 'Nothing waiting'}
          tone={dashboard.failedOrdersWaiting > 0 ? 'attention' : 'default'}
          to="/orders/failed"
        />
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <StatCard
          label="Pending returns"
          value={formatCount(dashboard.pendingReturns)}
          caption="Initiated, not yet received"
          tone={dashboard.pendingReturns > 0 ? 'attention' : 'default'}
          to="/returns"
        />
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <StatCard
          label="Refunds today"
          value={<RefundTotals refunds={refundsToday} />}
          caption={`${formatCount(refundsToday.count)} refund${refundsToday.count === 1 ? '' : 's'}`}
        />
      </Grid>
    </Grid>
  );
}
