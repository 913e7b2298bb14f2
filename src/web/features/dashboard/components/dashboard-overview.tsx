import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import type { ReactNode } from 'react';
import { useDeferredValue } from 'react';
import { useDashboard } from '../api/use-dashboard';
import { DashboardStats } from './dashboard-stats';
import { OrdersByDayChart } from './orders-by-day-chart';
import { RecentActivity } from './recent-activity';
import { StatCardSkeleton } from './stat-card';

const CHART_HEIGHT = 300;

function Panel({
  title,
  subheader,
  scroll = false,
  children,
}: {
  title: string;
  subheader?: string;
  /** Beside the chart on wide screens, a long list scrolls instead of stretching the row. */
  scroll?: boolean;
  children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: 'h3', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent
        sx={{ pt: 0, ...(scroll ? { maxHeight: { lg: 380 }, overflowY: { lg: 'auto' } } : {}) }}
        {...(scroll ? { tabIndex: 0, role: 'region', 'aria-label': title } : {})}
      >
        {children}
      </CardContent>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <Grid container spacing={2} role="status" aria-busy="true" aria-label="Loading the dashboard">
      {[0, 1, 2, 3].map((i) => (
        <Grid key={i} size={{ xs: 6, lg: 3 }}>
          <StatCardSkeleton />
        </Grid>
      ))}
      <Grid size={{ xs: 12, lg: 8 }}>
        <Placeholder height={380} />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Placeholder height={380} />
      </Grid>
    </Grid>
  );
}

/** Dashboard `/`: today's orders, work waiting, refunds, 14 days of orders, recent changes. */
export function DashboardOverview() {
  const dashboard = useDeferredValue(useDashboard());
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => dashboard.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(dashboard.error, 'The dashboard could not be loaded.')}
      </Alert>
    );
  }
  const data = dashboard.data.data;
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <DashboardStats dashboard={data} />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Panel title="Orders per day" subheader="Last 14 days, by order state">
          <OrdersByDayChart days={data.ordersByDay} height={CHART_HEIGHT} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Panel title="Recent activity" subheader="Latest changes from the audit log" scroll>
          <RecentActivity items={data.recentActivity} />
        </Panel>
      </Grid>
    </Grid>
  );
}
