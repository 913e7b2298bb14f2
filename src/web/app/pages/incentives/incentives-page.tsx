import { PageHeader } from '@web/components/page-header';
import { IncentivesOverview } from '@web/features/incentives/components/incentives-overview';

export function IncentivesPage() {
  return (
    <>
      <PageHeader
        title="Incentives"
        subtitle="Milestones for new consultants and the rewards their enrollers earn."
      />
      <IncentivesOverview />
    </>
  );
}
