import { z } from 'zod';
import { ok } from '../platform/envelope';
import { OrderAddress } from './address';
import { isCancelled } from './cancel-rules';

// The order detail (spec 2 §2 Order detail, §3 Order, Comment; §4 Loading an order). `{id}` is the
// order's document id (orders.id); the number staff read is `orderId` shown with orderNumberLabel().
// Money is integer cents; totals add up per spec 2 §5:
//   prePromoSubtotal − discount = subtotal; subtotal + shipping + tax − appliedCredit = grandTotal.

/** An order document id as it arrives in a path: letters, digits, '-' and '_'. */
export const orderDocId = (message = 'Not an order id') => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, message);
export const OrderParams = z.object({ id: orderDocId() });

export const OrderLine = z.object({
  lineNo: z.number().int(),
  sku: z.string(),
  title: z.string(),
  selectedVariant: z.string().nullable(),
  quantity: z.number().int(),
  /** The unit price charged before promotions (ADR 023). */
  priceCents: z.number().int(),
  /** The unit list price when the price charged steps down from it, and why (ADR 024). */
  listPriceCents: z.number().int().nullable(),
  priceStep: z.enum(['member', 'wholesale', 'override', 'free']).nullable(),
  adjustedPriceCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  isPromo: z.boolean(),
  isSample: z.boolean(),
  isHostReward: z.boolean(),
  subscription: z.boolean(),
  cv: z.number(),
  pv: z.number(),
  qv: z.number(),
  nv: z.number(),
  sv: z.number(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderPayment = z.object({
  method: z.string(),
  brand: z.string().nullable(),
  /** Last 4 digits of the card only. */
  last4: z.string().nullable(),
  transactionId: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  state: z.string(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/**
 * One card of an order paid with several (spec 2 §3 Order.payment.splitPayments; ADR 030): its
 * amount, the card, the gateway's tender and transaction, and what refunds gave back to it (never
 * above its amount).
 */
export const SplitPayment = z.object({
  amount: z.number().int(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  cardId: z.string().nullable(),
  tenderId: z.string().nullable(),
  transactionId: z.string(),
  refundAmount: z.number().int(),
  state: z.string(),
});
export type SplitPayment = z.infer<typeof SplitPayment>;

export const OrderShipment = z.object({
  carrierId: z.number().int(),
  carrierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

export const OrderComment = z.object({
  id: z.number().int(),
  description: z.string(),
  name: z.string(),
  date: z.string(),
  status: z.string().nullable(),
});
export type OrderComment = z.infer<typeof OrderComment>;

export const OrderTotals = z.object({
  prePromoSubtotalCents: z.number().int(),
  discountCents: z.number().int(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  /** Tax including the shipping tax. */
  taxCents: z.number().int(),
  shippingTaxCents: z.number().int(),
  appliedCreditCents: z.number().int(),
  grandTotalCents: z.number().int(),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

export const RefundSummary = z.object({
  count: z.number().int(),
  /** Processed refunds only: card amounts and product credit given back. */
  refundedCents: z.number().int(),
  pcRefundedCents: z.number().int(),
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
  fullyRefunded: z.boolean(),
  lastRefundAt: z.string().nullable(),
});
export type RefundSummary = z.infer<typeof RefundSummary>;

export const OrderCancellation = z.object({
  ticket: z.string().nullable(),
  reason: z.string(),
  adminUid: z.string(),
  adminName: z.string().nullable(),
  comment: z.string().nullable(),
  date: z.string(),
});

export const PopupOption = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  hostUid: z.string(),
  hostName: z.string(),
  openingDate: z.string().nullable(),
});
export type PopupOption = z.infer<typeof PopupOption>;

export const OrderDetail = z.object({
  id: z.string(),
  orderId: z.number().int(),
  /** F/X + orderId: the number staff read. */
  orderLabel: z.string(),
  phoenixOrderId: z.number().int().nullable(),
  collection: z.enum(['invoices', 'orders', 'ship-to-socials']),
  /** Completed (invoices, ship-to-socials) or Pending (orders): spec 2 §4 Loading an order. */
  loadedFrom: z.enum(['Completed', 'Pending']),
  state: z.number().int(),
  stateName: z.string().nullable(),
  /** Displayed status (spec 2 §4). */
  status: z.string(),
  printed: z.boolean(),
  orderType: z.number().int(),
  channel: z.number().int(),
  countryId: z.number().int(),
  currency: z.string(),
  localeCode: z.string(),
  dateCreatedUtc: z.string(),
  dateCapturedUtc: z.string().nullable(),
  customer: z.object({
    uid: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userType: z.number().int(),
    email: z.string().nullable(),
    phoenixId: z.number().int().nullable(),
    sponsorId: z.number().int(),
    /** The sponsor's account when it is on file (sponsor id 1 is the company). */
    sponsor: z.object({ uid: z.string(), name: z.string() }).nullable(),
  }),
  consultantName: z.string().nullable(),
  byConsultant: z.boolean(),
  shippingMethodId: z.number().int().nullable(),
  shippingAddress: OrderAddress.nullable(),
  giftMessage: z.string().nullable(),
  lines: z.array(OrderLine),
  volumes: z.object({ cv: z.number(), pv: z.number(), qv: z.number() }),
  payments: z.array(OrderPayment),
  /** The cards of an order paid with more than one, in the order they were entered; else empty. */
  splitPayments: z.array(SplitPayment),
  paymentState: z.string(),
  shipments: z.array(OrderShipment),
  narvarTrackingUrl: z.string().nullable(),
  totals: OrderTotals,
  appliedPromos: z.array(z.object({ name: z.string(), amountCents: z.number().int() })),
  refunds: RefundSummary,
  comments: z.array(OrderComment),
  cancelled: z.boolean(),
  cancellation: OrderCancellation.nullable(),
  isFraud: z.boolean(),
  dhlHoldStatus: z.string().nullable(),
  isMembership: z.boolean(),
  isRenewal: z.boolean(),
  hostOrder: z.boolean(),
  newOrderFlow: z.boolean(),
  squareV2: z.boolean(),
  socialId: z.number().int().nullable(),
  popup: PopupOption.nullable(),
  /** Popups the order may be moved to: the customer's and the consultant's. */
  consultantPopups: z.array(PopupOption),
  readOnly: z.boolean(),
  readOnlyReason: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
export const OrderDetailAnswer = ok(OrderDetail);

export const READ_ONLY_REASONS = {
  pending: 'This order is pending (not yet captured) and is read-only.',
  cancelled: 'This order is cancelled and is read-only.',
} as const;

/** Whether the order counts as cancelled (cancel-rules.ts). */
export { isCancelled };

/** spec 2 §4 Loading an order: Pending orders and cancelled orders are not editable. */
export function readOnlyReason(o: {
  collection: string;
  state: number;
  cancellation: unknown;
}): string | null {
  if (o.collection === 'orders') return READ_ONLY_REASONS.pending;
  if (isCancelled(o)) return READ_ONLY_REASONS.cancelled;
  return null;
}
