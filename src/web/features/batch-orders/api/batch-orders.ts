import type { BatchOrderRow, BatchOrderSummary } from '@domain/batch-orders/batch-orders';
import { useQuery } from '@tanstack/react-query';
import { uploadsKey, useUpload, useUploadRows, useUploads } from '@web/components/upload/upload-api';
import { api, checkedInDevelopment } from '@web/lib/api-client';

// Batch orders (DESIGN §5): /api/batchOrders…
//
// The answers' contracts (and zod) load in development only (ADR 043).
const contracts = () => import('@domain/batch-orders/batch-orders');
const ExportCountsAnswer = checkedInDevelopment(() =>
  contracts().then((m) => m.BatchOrderExportCountsAnswer),
);

export const useBatchOrders = () => useUploads<BatchOrderSummary>('batchOrders');
export const useBatchOrder = (id: number) => useUpload<BatchOrderSummary>('batchOrders', id);
export const useBatchOrderRows = (
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) => useUploadRows<BatchOrderRow>('batchOrders', id, q, poll);

/** While orders of the batch wait for the export, their state is read again this often. */
const EXPORT_POLL_MS = 5000;

/** How the batch's orders stand downstream (exported, waiting, failed), over the whole batch. */
export const useBatchOrderExports = (id: number, running: boolean) =>
  useQuery({
    queryKey: [...uploadsKey('batchOrders'), 'downstream', id],
    queryFn: ({ signal }) =>
      api.get(`/api/batchOrders/${id}/downstream`, ExportCountsAnswer, { signal }).then((r) => r.data),
    refetchInterval: (q) => (running || (q.state.data?.queued ?? 0) > 0 ? EXPORT_POLL_MS : false),
  });
