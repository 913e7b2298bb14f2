import { BatchOrderRow, BatchOrderSummary } from '@domain/orders/batch-orders';
import { useUpload, useUploadRows, useUploads } from '@web/components/upload/upload-api';

// Batch orders (DESIGN §5): /api/batchOrders…

export const useBatchOrders = () => useUploads('batchOrders', BatchOrderSummary);
export const useBatchOrder = (id: number) => useUpload('batchOrders', BatchOrderSummary, id);
export const useBatchOrderRows = (
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) => useUploadRows('batchOrders', BatchOrderRow, id, q, poll);
