import { milestoneLabel } from '@domain/incentives';
import { PageHeader } from '@web/components/page-header';
import { MilestoneScreen } from '@web/features/incentives/components/milestone-screen';
import { useLocation } from 'react-router';

/** /incentives/milestone1, /milestone2, /milestone3 (spec 3 §2). */
export function MilestonePage() {
  const name = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  return (
    <>
      <PageHeader
        title={milestoneLabel(name)}
        breadcrumbs={[{ label: 'Incentives', to: '/incentives' }, { label: milestoneLabel(name) }]}
        subtitle="Requirements and rewards, and how new consultants are doing against them."
      />
      <MilestoneScreen key={name} name={name} />
    </>
  );
}
