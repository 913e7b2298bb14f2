import { PageHeader } from '@web/components/page-header';
import { ReturnBanner } from '@web/components/return-banner';
import { useSession } from '@web/features/auth/api/session';
import { useDashboard } from '@web/features/dashboard/api/use-dashboard';
import { DashboardOverview } from '@web/features/dashboard/components/dashboard-overview';
import { formatDay } from '@web/lib/format';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function DashboardPage() {
  const session = useSession();
  const firstName = session.userInfo?.name.split(' ')[0];
  const today = useDashboard().data?.data.today;
  return (
    <>
      <PageHeader
        title="Dashboard"
        // The sentence is there before the figures are, "today" standing in for the day: a line
        // that appeared with the figures pushed the page down on a phone (CLS 0.018).
        subtitle={`${greeting(new Date().getHours())}${firstName ? `, ${firstName}` : ''}. Figures for ${
          today ? formatDay(today) : 'today'
        }, Pacific time; they refresh every minute.`}
      />
      <ReturnBanner />
      <DashboardOverview />
    </>
  );
}
