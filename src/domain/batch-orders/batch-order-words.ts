import { orderTypeName } from '../reference/lists';

// Batch orders (DESIGN §5) in the words the screens show, without the answers' contracts (zod): the
// screens load this module, the server and the contracts the whole of batch-orders.ts (ADR 043).

/** The CSV's columns: account, SKUs, shipping address, order type and reason. */
export const BATCH_ORDER_COLUMNS = ['account', 'skus', 'shippingAddress', 'orderType', 'reason'] as const;

export const batchOrderTypeLabel = (orderType: number | null) =>
  orderType === null ? 'Mixed' : `${orderTypeName(orderType) ?? 'Unknown'} (${orderType})`;

/**
 * Where a batch order stands downstream (DESIGN §2 "Phoenix"): queued for the export (or not yet
 * picked up by it), exported with its Phoenix order id, failed with Phoenix's reason (the order is
 * on Failed orders), or not exported because it was cancelled first.
 */
export const BATCH_ORDER_EXPORT_STATUSES = ['queued', 'exported', 'failed', 'cancelled'] as const;
export type BatchOrderExportStatus = (typeof BATCH_ORDER_EXPORT_STATUSES)[number];

export const BATCH_ORDER_EXPORT_LABELS: Record<BatchOrderExportStatus, string> = {
  queued: 'Waiting for Phoenix',
  exported: 'In Phoenix',
  failed: 'Phoenix export failed',
  cancelled: 'Not exported (cancelled)',
};
