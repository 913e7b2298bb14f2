import { PageHeader } from '@web/components/page-header';
import { BatchFailed } from '@web/features/batch-orders/components/batch-failed';
import { useParams } from 'react-router';

export function BatchOrderFailedPage() {
  const id = Number(useParams().id);
  return (
    <>
      <PageHeader
        title={`Batch ${id}: failed rows`}
        breadcrumbs={[
          { label: 'Batch orders', to: '/batchOrders' },
          { label: `Batch ${id}`, to: `/batchOrders/${id}/details` },
          { label: 'Failed rows' },
        ]}
      />
      <BatchFailed key={id} id={id} />
    </>
  );
}
