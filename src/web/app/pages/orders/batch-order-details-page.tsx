import { PageHeader } from '@web/components/page-header';
import { BatchDetails } from '@web/features/batch-orders/components/batch-details';
import { useParams } from 'react-router';

export function BatchOrderDetailsPage() {
  const id = Number(useParams().id);
  return (
    <>
      <PageHeader
        title={`Batch ${id}`}
        breadcrumbs={[{ label: 'Batch orders', to: '/batchOrders' }, { label: `Batch ${id}` }]}
      />
      <BatchDetails key={id} id={id} />
    </>
  );
}
