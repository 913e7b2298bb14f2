// The order's process view (`GET /api/cs/order/{id}/process`, spec 2 §2): how it names the export's
// states and the orders-log events. Apart from the contracts (downstream.ts), so the screen takes
// them without zod (ADR 043: constants live apart from contracts).

export const EXPORT_STATUSES = ['pending', 'exported', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const PROCESS_ACTIONS: Record<string, string> = {
  'downstream.queued': 'Queued for Phoenix export',
  'downstream.exported': 'Exported to Phoenix',
  'downstream.failed': 'Phoenix export failed',
  'downstream.retry': 'Export retried',
  'downstream.cancelled': 'Export stopped: order cancelled',
  'order.shippingAddress': 'Shipping address corrected',
  'order.captured': 'Payment captured',
  'order.captureFailed': 'Payment capture failed (retried automatically)',
  'order.captureRetryFailed': 'Payment capture retry failed',
  'order.captureGaveUp': 'Payment capture failed for good (retry from Failed orders)',
  'order.captureStopped': 'Payment capture stopped: order cancelled',
};

/** How the process view names an orders-log event; events of other kinds keep their action. */
export const processActionLabel = (action: string): string => PROCESS_ACTIONS[action] ?? action;

export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  pending: 'Waiting for export',
  exported: 'Exported',
  failed: 'Failed',
  cancelled: 'Not exported (cancelled)',
};
