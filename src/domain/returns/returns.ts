import { z } from 'zod';
import { decimalInt } from '../platform/ids';
import { PENDING_RETURN_STATUS, RETURN_STATUSES } from '../reference/lists';

// Returns (spec 2 §2 Returns list, §3 Return record, §4 Return statuses, §5 Returns search, §8).

export const RETURN_MESSAGES = {
  /** spec 2 §5: order id 9 digits; legacy order id 7 digits with optional F prefix. */
  searchInvalid: 'Order id must be 9 digits; legacy order id must be 7 digits with an optional F prefix.',
  statusChanged: 'Successfully submitted',
} as const;

/** "123456789" (downstream order id) or "1234567" / "F1234567" (legacy order id). */
export const RETURN_SEARCH = /^(\d{9}|[Ff]?\d{7})$/;

export function parseReturnSearch(
  value: string,
): { phoenixOrderId: number } | { legacyOrderId: number } | null {
  const v = value.trim();
  if (!RETURN_SEARCH.test(v)) return null;
  return /^\d{9}$/.test(v)
    ? { phoenixOrderId: Number(v) }
    : { legacyOrderId: Number(v.replace(/^[Ff]/, '')) };
}

export const ReturnsQuery = z.object({
  status: decimalInt(1, 4).default(PENDING_RETURN_STATUS),
});

export const ReturnsSearchQuery = z.object({
  orderId: z.string().trim().regex(RETURN_SEARCH, RETURN_MESSAGES.searchInvalid),
});

const statusIds = RETURN_STATUSES.map((s) => s.id) as number[];
export const ReturnStatusRequest = z.object({
  returnStatus: z
    .number()
    .int()
    .refine(
      (n) => statusIds.includes(n),
      'Return status must be 1 Initiated, 2 Received, 3 Completed or 4 Processing.',
    ),
});
export const ReturnParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a return id') });

export const ReturnRecord = z.object({
  docId: z.string(),
  /** The legacy order number (shown F… / X…). */
  orderId: z.number().int(),
  orderLabel: z.string(),
  /** The order's document id, for links to the order and its refunds. */
  orderDocId: z.string(),
  phoenixOrderId: z.number().int().nullable(),
  returnStatus: z.number().int(),
  returnStatusName: z.string(),
  dateCreatedUTC: z.string(),
  /** Returned products; `title` is the catalog's name of the SKU (null when it is not in the catalog). */
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int(), title: z.string().nullable() })),
  reason: z.string().nullable(),
  refundId: z.string().nullable(),
  customerName: z.string(),
});
export type ReturnRecord = z.infer<typeof ReturnRecord>;

export const ReturnsAnswer = z.object({ success: z.literal(true), data: z.array(ReturnRecord) });
export const ReturnStatusAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ReturnRecord,
});
