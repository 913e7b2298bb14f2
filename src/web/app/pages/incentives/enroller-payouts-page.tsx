import { PageHeader } from '@web/components/page-header';
import { EnrollerPayouts } from '@web/features/incentives/components/enroller-payouts';

export function EnrollerPayoutsPage() {
  return (
    <>
      <PageHeader
        title="Enroller payouts"
        breadcrumbs={[{ label: 'Incentives', to: '/incentives' }, { label: 'Enroller payouts' }]}
        subtitle="Rewards for enrollers whose new consultants reached a milestone."
      />
      <EnrollerPayouts />
    </>
  );
}
