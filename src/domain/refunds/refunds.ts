import { z } from 'zod';
import { orderDocId } from '../orders/detail';
import { idempotencyKeyField } from '../platform/idempotency';
import { BOUND_MESSAGES, BOUNDS } from '../reference/bounds';

// Refund calls (spec 2 §3 Refund request / Refund record, §7 /cs/refund/estimate, /cs/refund,
// /refund/refund, /cs/retryRefund). Every amount is integer cents under the spec's field names
// (amount, pcAmount, refundAmount, adjustedPrice, tax, shippingTotal, subtotal).

/** A refund figure in cents, up to its stated bound (ADR 026). */
const cents = z.number().int().min(0).max(BOUNDS.refundCents, BOUND_MESSAGES.refund);
const txId = z.string().min(1).max(100);

export const ReturnItem = z.object({
  sku: z.string().min(1).max(64),
  quantity: z.number().int().min(0).max(10_000),
  adjustedPrice: cents,
});

/** A returned item as a refund record shows it: with the product's name (null when not on file). */
export const RecordItem = ReturnItem.extend({ title: z.string().nullable() });

/** The three card-split flows (spec 2 §4): override, split auto refund, selection split. */
export const AutoRefund = z.object({
  overriddenCards: z
    .array(z.object({ transactionId: txId, refundAmount: cents.nullable() }))
    .max(20)
    .optional(),
  selectedCardsTransactionIds: z.array(txId).max(20).optional(),
  flags: z
    .object({
      override: z.boolean().optional(),
      splitAutoRefund: z.boolean().optional(),
      selectionSplit: z.boolean().optional(),
    })
    .optional(),
});
export type AutoRefund = z.infer<typeof AutoRefund>;

export const RefundEstimateRequest = z.object({
  orderId: orderDocId(),
  returnShipping: z.boolean().default(false),
  returnItems: z.array(ReturnItem).max(200).default([]),
  autoRefund: AutoRefund.optional(),
});
export type RefundEstimateRequest = z.input<typeof RefundEstimateRequest>;

export const RefundCardView = z.object({
  transactionId: z.string(),
  method: z.enum(['card', 'alternative']),
  brand: z.string().nullable(),
  /** Last 4 digits only. */
  accountNumber: z.string().nullable(),
  tenderId: z.string().nullable(),
  paidAmount: z.number().int(),
  /** What can still be refunded on this card. */
  remainingAmount: z.number().int(),
});
export type RefundCardView = z.infer<typeof RefundCardView>;

export const RefundableItem = z.object({
  sku: z.string(),
  title: z.string(),
  adjustedPrice: z.number().int(),
  purchased: z.number().int(),
  refunded: z.number().int(),
  refundable: z.number().int(),
});
export type RefundableItem = z.infer<typeof RefundableItem>;

/** The order as the refunds view needs it. */
export const RefundOrder = z.object({
  id: z.string(),
  orderId: z.number().int(),
  orderLabel: z.string(),
  currency: z.string(),
  /** The order's locale: its money is written in it (ADR 024). */
  localeCode: z.string(),
  countryId: z.number().int(),
  grandTotal: z.number().int(),
  appliedCredit: z.number().int(),
  shipping: z.number().int(),
  shippingRefunded: z.number().int(),
  /** Refunded on cards by processed refunds (the cancel rule's "fully refunded"). */
  refunded: z.number().int(),
  fullyRefunded: z.boolean(),
  refundable: z.array(RefundableItem),
  cards: z.array(RefundCardView),
  pcRemaining: z.number().int(),
  /** Why no refund can be made (a pending order, nothing left to refund), or null. */
  notRefundable: z.string().nullable(),
});
export type RefundOrder = z.infer<typeof RefundOrder>;

export const CardSplitView = z.object({ transactionId: z.string(), refundAmount: z.number().int() });

export const RefundEstimate = z.object({
  amount: z.number().int(),
  pcAmount: z.number().int(),
  tax: z.number().int(),
  shippingTotal: z.number().int(),
  subtotal: z.number().int(),
  /**
   * What neither the cards nor the order's unrefunded credit can take (earlier refunds gave it
   * back): amount + pcAmount + unrefundable = subtotal + shippingTotal + tax.
   */
  unrefundable: z.number().int(),
  clawback: z.object({ cv: z.number(), pv: z.number(), qv: z.number() }),
  /** The proposed refund per card for the chosen flow. */
  cards: z.array(CardSplitView),
  order: RefundOrder,
  /** The first split problem of the spec's list (override flow), or null. */
  problem: z.string().nullable(),
});
export type RefundEstimate = z.infer<typeof RefundEstimate>;

export const RefundEstimateAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: RefundEstimate,
});

export const RefundSubmitRequest = RefundEstimateRequest.extend({
  /** Required, in the body or the Idempotency-Key header (ADR 014, 021). */
  idempotencyKey: idempotencyKeyField(),
  reason: z.string().trim().min(1, 'A reason is required.').max(500),
  amount: cents,
  pcAmount: cents.default(0),
  cards: z
    .array(
      z.object({
        transactionId: txId,
        refundAmount: cents.nullable(),
        tenderId: z.string().max(100).nullable().optional(),
        accountNumber: z.string().max(30).nullable().optional(),
      }),
    )
    .max(20)
    .default([]),
  // Sent by the original client and accepted, but the server decides them: the staff member is
  // the session's, the figures are recomputed, the payments come from the order.
  adminUid: z.string().max(128).optional(),
  squareV2: z.boolean().optional(),
  payments: z.array(z.unknown()).max(20).optional(),
  tax: cents.optional(),
  shippingTotal: cents.optional(),
  subtotal: cents.optional(),
  currency: z.string().max(3).optional(),
  country: z.string().max(8).optional(),
});
export type RefundSubmitRequest = z.input<typeof RefundSubmitRequest>;

export const RefundLeg = z.object({
  transactionId: z.string(),
  method: z.enum(['card', 'alternative']),
  brand: z.string().nullable(),
  accountNumber: z.string().nullable(),
  tenderId: z.string().nullable(),
  refundAmount: z.number().int(),
  idempotencyKey: z.string(),
  status: z.enum(['succeeded', 'failed', 'pending']),
  error: z.string().nullable(),
});
export type RefundLeg = z.infer<typeof RefundLeg>;

export const RefundRecord = z.object({
  id: z.string(),
  orderId: z.string(),
  reason: z.string(),
  timestamp: z.string(),
  amount: z.number().int(),
  pcAmount: z.number().int(),
  tax: z.number().int(),
  shippingTotal: z.number().int(),
  subtotal: z.number().int(),
  currency: z.string(),
  returnItems: z.array(RecordItem),
  cards: z.array(RefundLeg),
  adminUid: z.string(),
  adminName: z.string().nullable(),
  clawback: z.record(z.string(), z.unknown()).nullable(),
  newRefundFlow: z.boolean(),
  /**
   * What the downstream (Phoenix) system holds for the refund (spec 2 §3): the Phoenix order and
   * the return opened there for returned items; null when the order is not downstream.
   */
  phoenixResponse: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(['processed', 'failed', 'pending']),
  idempotencyKey: z.string(),
  retries: z.number().int(),
  /** spec 2 §3: valid only with amount, shippingTotal, order and returnItems. */
  valid: z.boolean(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;

export const RefundAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The alternative payment method's note (may take up to 2 business days). */
  notice: z.string().optional(),
  data: RefundRecord,
});
export type RefundAnswer = z.infer<typeof RefundAnswer>;

/** POST /cs/retryRefund: the refund record (its id is what counts). */
export const RetryRefundRequest = z.looseObject({ id: z.string().min(1).max(64) });

export const OrderRefundsAnswer = z.object({
  success: z.literal(true),
  data: z.object({ order: RefundOrder, refunds: z.array(RefundRecord) }),
});

/** spec 2 §3: a refund record is valid only if it has amount, shippingTotal, order and returnItems. */
export const refundRecordValid = (r: {
  amount?: number | null;
  shippingTotal?: number | null;
  orderId?: string | null;
  returnItems?: unknown[] | null;
}) => r.amount != null && r.shippingTotal != null && !!r.orderId && Array.isArray(r.returnItems);
