import { PageHeader } from '@web/components/page-header';
import { ReconciliationView } from '@web/features/reconciliation/components/reconciliation-view';
import { RunNowButton } from '@web/features/reconciliation/components/run-now-button';

export function ReconciliationPage() {
  return (
    <>
      <PageHeader
        title="Reconciliation"
        subtitle="Money checks across every order, payment, refund and product credit balance, nightly and on demand."
        actions={<RunNowButton />}
      />
      <ReconciliationView />
    </>
  );
}
