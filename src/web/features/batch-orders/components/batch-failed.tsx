import { BATCH_ORDER_COLUMNS } from '@domain/batch-orders/batch-order-words';
import { FailedRows } from '@web/components/upload/failed-rows';
import { BatchHeader } from './batch-header';

const LABELS: Record<(typeof BATCH_ORDER_COLUMNS)[number], string> = {
  account: 'Account',
  skus: 'SKUs (SKU:quantity; …)',
  shippingAddress: 'Shipping address id (blank: default)',
  orderType: 'Order type (10, 20 or 12)',
  reason: 'Reason',
};

/** /batchOrders/{id}/failed: the rows that failed with their reason; correct a row, retry one or all. */
export function BatchFailed({ id }: { id: number }) {
  return (
    <BatchHeader id={id}>
      {(b) => (
        <FailedRows
          base="batchOrders"
          id={id}
          running={b.status === 'queued' || b.status === 'processing'}
          noun="batch"
          columns={BATCH_ORDER_COLUMNS}
          labels={LABELS}
        />
      )}
    </BatchHeader>
  );
}
