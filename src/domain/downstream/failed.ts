import { z } from 'zod';
import { PageQuery } from '../platform/envelope';

// Failed orders (spec 2 §2 Failed orders, §3 Failed order, §9): downstream export failures not yet
// resolved, newest first by dateCreatedUTC, entries without a date last.

export const FailedOrdersQuery = PageQuery;

export const FailedOrder = z.object({
  /** The failure entry's id (what retry takes). */
  id: z.number().int(),
  /** spec 2 §3: failure documents hold context.orderId and context.dateCreatedUTC. */
  context: z.object({ orderId: z.string(), dateCreatedUTC: z.string().nullable() }),
  /** The order's document id: /orders/{orderDocId}/info. */
  orderDocId: z.string(),
  orderId: z.number().int(),
  customerUserType: z.number().int(),
  customerUid: z.string(),
  customerName: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string(),
  attempts: z.number().int(),
});
export type FailedOrder = z.infer<typeof FailedOrder>;

export const FailedOrdersPage = z.object({
  success: z.literal(true),
  data: z.array(FailedOrder),
  page: z.number().int(),
  limit: z.number().int(),
  /** The spec's lists end when a page comes back short; `hasMore` says so without a count. */
  hasMore: z.boolean(),
});
export type FailedOrdersPage = z.infer<typeof FailedOrdersPage>;

export const MAX_RETRY = 100;

export const RetryFailedOrdersBody = z.object({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      error: 'ids must be a list of failed order ids',
    })
    .min(1, 'Select at least one failed order to retry')
    .max(MAX_RETRY, `Retry at most ${MAX_RETRY} failed orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each failed order once'),
});
export type RetryFailedOrdersBody = z.infer<typeof RetryFailedOrdersBody>;

export const RETRY_OUTCOMES = ['exported', 'failed', 'queued', 'alreadyResolved', 'notFound'] as const;
export type RetryOutcome = (typeof RETRY_OUTCOMES)[number];

export const RetryResult = z.object({
  id: z.number().int(),
  orderDocId: z.string().nullable(),
  outcome: z.enum(RETRY_OUTCOMES),
  phoenixOrderId: z.number().int().nullable(),
  /** Why it failed again (failed), or what happened (the other outcomes). */
  message: z.string(),
});
export type RetryResult = z.infer<typeof RetryResult>;

export const RetryFailedOrdersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(RetryResult),
});
export type RetryFailedOrdersResponse = z.infer<typeof RetryFailedOrdersResponse>;

export const RETRY_MESSAGES = {
  exported: (phoenixOrderId: number) => `Exported as Phoenix order ${phoenixOrderId}.`,
  queued: 'Queued: the export is running in the background.',
  alreadyResolved: 'Already resolved.',
  notFound: 'No failed order with that id.',
  captured: 'Payment captured: the order is queued for export.',
  notCaptured: 'The payment capture failed again.',
} as const;

/** "3 exported, 1 failed again" — the summary of a retry. */
export function retrySummary(results: readonly RetryResult[]): string {
  const count = (o: RetryOutcome) => results.filter((r) => r.outcome === o).length;
  const parts = [
    [count('exported'), 'exported'],
    [count('failed'), 'failed again'],
    [count('queued'), 'queued'],
    [count('alreadyResolved'), 'already resolved'],
    [count('notFound'), 'not found'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label}`)
    .join(', ');
}
