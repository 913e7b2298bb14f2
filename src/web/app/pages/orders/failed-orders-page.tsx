import { can } from '@domain/auth/permissions';
import { PageHeader } from '@web/components/page-header';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { FailedOrdersList } from '@web/features/downstream/components/failed-orders-list';

export function FailedOrdersPage() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Failed orders"
        subtitle="Captured orders Phoenix refused, newest first. Fix the order, then retry it."
        breadcrumbs={[{ label: 'Orders', to: '/orders' }, { label: 'Failed orders' }]}
      />
      <FailedOrdersList canRetry={can(principalOf(session), 'records.edit')} />
    </>
  );
}
