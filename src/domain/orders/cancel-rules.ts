import type { StaffRole } from '../auth/roles';
import { ORDER_STATE } from '../reference/lists';

// Who may cancel an order, and the messages of an order's operations (spec 2 §4 Cancel, §6, §8):
// rules without contracts, which the order screens read without loading zod (ADR 043).
// operations.ts and detail.ts re-export them.

/** spec 2 §4: an order counts as cancelled if it has a cancellation record or is in state 7. */
export const isCancelled = (o: { state: number; cancellation: unknown }) =>
  o.cancellation != null || o.state === 7;

/** spec 2 §8, word for word (including the spec's spelling of "Sucessfully"). */
export const ORDER_MESSAGES = {
  orderConfirmationSent: 'Successfully sent order confirmation email.',
  shippingConfirmationSent: 'Successfully sent shipping confirmation email.',
  termsEmailSent: 'Successfully sent terms and conditions acceptance email.',
  resendFailed: 'Could not resend email.',
  cancelled: (label: string) => `Sucessfully cancelled order ${label}.`,
  needsFullRefund: 'Order needs to be fully refunded before cancelling.',
  fraudNeedsBoolean: 'Fraud update requires a boolean',
  commentAdded: 'Successfully submitted',
  popupUpdated: 'Successfully submitted',
  fraudUpdated: 'Successfully submitted',
} as const;

/** Our wording where the spec shows none. */
export const CANCEL_REFUSALS = {
  alreadyCancelled: 'This order is already cancelled.',
  pending: 'A pending order cannot be cancelled.',
  downstreamRole: 'Only a fraud agent or developer can cancel an order already downstream.',
  downstreamHold: 'An order already downstream can only be cancelled while it is on DHL hold.',
  hostOrder: 'Host orders cannot be cancelled.',
  notCancellable:
    'Only membership, renewal or shipping method 6 orders can be cancelled before they are downstream.',
  role: 'Only a leader, fraud agent or developer can cancel orders.',
} as const;

export const DHL_HOLD = 'HOLD';
/** spec 2 §4 Cancel: "has shipping method 6". */
export const CANCELLABLE_SHIPPING_METHOD = 6;

export interface CancelFacts {
  collection: string;
  state: number;
  cancellation: unknown;
  phoenixOrderId: number | null;
  dhlHoldStatus: string | null;
  hostOrder: boolean;
  isMembership: boolean;
  isRenewal: boolean;
  shippingMethodId: number | null;
  /** spec 2 §5, as refund-math's fullyRefunded decides it from the order and its processed refunds. */
  fullyRefunded: boolean;
  /** The order was placed on the new order flow, which captures the payment at purchase. */
  newOrderFlow: boolean;
}

/**
 * spec 2 §4 Cancel, refund precondition: "if the order is captured (or, on the new flow, in a
 * certain state not named)". On the new flow the payment is captured as the order is placed, so
 * every state it moves on to after Processing (Reviewed, Pending Review, Holding, Printed,
 * Shipped, Partially Shipped, as well as Captured) holds the customer's money; only Processing
 * (authorized, not yet captured) does not. On the old flow only Captured does (ADR 027).
 */
export function holdsCapturedPayment(order: Pick<CancelFacts, 'state' | 'newOrderFlow'>): boolean {
  if (order.state === ORDER_STATE.captured) return true;
  if (!order.newOrderFlow) return false;
  return NEW_FLOW_PAID_STATES.includes(order.state);
}
const NEW_FLOW_PAID_STATES: readonly number[] = [
  ORDER_STATE.reviewed,
  ORDER_STATE.captured,
  ORDER_STATE.printed,
  ORDER_STATE.shipped,
  ORDER_STATE.pendingReview,
  ORDER_STATE.holding,
  ORDER_STATE.partiallyShipped,
];

const privileged = (role: StaffRole) => role === 'fraudAgent' || role === 'developer';

/**
 * spec 2 §4 Cancel and §6: why this role may not cancel this order, or null when it may.
 * `status` 403 for a role refusal, 409 for the order's state, 400 for the refund precondition.
 */
export function cancelRefusal(
  order: CancelFacts,
  role: StaffRole,
): { status: 400 | 403 | 409; message: string } | null {
  if (isCancelled(order)) return { status: 409, message: CANCEL_REFUSALS.alreadyCancelled };
  if (order.collection === 'orders') return { status: 409, message: CANCEL_REFUSALS.pending };
  if (order.phoenixOrderId != null) {
    if (!privileged(role)) return { status: 403, message: CANCEL_REFUSALS.downstreamRole };
    if (order.dhlHoldStatus !== DHL_HOLD) return { status: 409, message: CANCEL_REFUSALS.downstreamHold };
  } else {
    if (order.hostOrder) return { status: 409, message: CANCEL_REFUSALS.hostOrder };
    const kind =
      order.isMembership || order.isRenewal || order.shippingMethodId === CANCELLABLE_SHIPPING_METHOD;
    if (!kind) return { status: 409, message: CANCEL_REFUSALS.notCancellable };
    if (!(role === 'leader' || privileged(role))) return { status: 403, message: CANCEL_REFUSALS.role };
  }
  if (holdsCapturedPayment(order) && !privileged(role) && !order.fullyRefunded)
    return { status: 400, message: ORDER_MESSAGES.needsFullRefund };
  return null;
}
