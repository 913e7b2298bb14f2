import { BatchOrderExportCounts, BatchOrderRow, BatchOrderSummary } from '@domain/batch-orders/batch-orders';
import { useQuery } from '@tanstack/react-query';
import { uploadsKey, useUpload, useUploadRows, useUploads } from '@web/components/upload/upload-api';
import { api } from '@web/lib/api-client';
import { z } from 'zod';

// Batch orders (DESIGN §5): /api/batchOrders…

export const useBatchOrders = () => useUploads('batchOrders', BatchOrderSummary);
export const useBatchOrder = (id: number) => useUpload('batchOrders', BatchOrderSummary, id);
export const useBatchOrderRows = (
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) => useUploadRows('batchOrders', BatchOrderRow, id, q, poll);

const ExportCountsAnswer = z.object({ success: z.literal(true), data: BatchOrderExportCounts });
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
