import { PageHeader } from '@web/components/page-header';
import { BatchOrdersScreen } from '@web/features/batch-orders/components/batch-orders-screen';

export function BatchOrdersPage() {
  return (
    <>
      <PageHeader
        title="Batch orders"
        subtitle="Place replacement, adjustment or employee orders for many accounts from one CSV file."
      />
      <BatchOrdersScreen />
    </>
  );
}
