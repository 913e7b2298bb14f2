import { z } from 'zod';
import { ok } from '../platform/envelope';
import { ORDER_MESSAGES } from './cancel-rules';
import { orderDocId } from './detail';

// Operations on one order (spec 2 §4 Cancel, Fraud status, Popup reassignment; §5–§7; §8 messages).

export {
  type CancelFacts,
  cancelRefusal,
  DHL_HOLD,
  ORDER_MESSAGES,
} from './cancel-rules';

export const CancelOrderRequest = z.object({
  ticket: z.string().trim().min(1, 'Ticket is required').max(100),
  reason: z.string().trim().min(1, 'Reason is required').max(500),
  comment: z.string().trim().max(2000).optional(),
  /** The spec's payload carries the admin uid; the server takes the signed-in staff member. */
  adminUid: z.string().optional(),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequest>;

export const MessageAnswer = z.object({ success: z.literal(true), message: z.string() });

export const AddOrderCommentRequest = z.object({
  comment: z.string().trim().min(1, 'Comment is required').max(2000, 'At most 2000 characters'),
});

export const FraudRequest = z.object({
  isFraud: z.boolean({ error: ORDER_MESSAGES.fraudNeedsBoolean }),
});
export const SiftDecisionRequest = z.object({
  isFraud: z.boolean({ error: ORDER_MESSAGES.fraudNeedsBoolean }),
  userId: z.string().min(1).max(64),
  analystEmail: z.email(),
  orderId: orderDocId(),
});
export type SiftDecisionRequest = z.infer<typeof SiftDecisionRequest>;
export const SIFT_EVENT = 'sift.apply-order-decision';

export const ResendTermsRequest = z.object({
  email: z.string().trim().max(254).optional(),
  orderId: z.string().trim().max(64).optional(),
});

export const DhlStatusAnswer = z.object({ success: z.literal(true), inHolding: z.boolean() });

export const PopupReassignRequest = z.object({
  /** The new popup (social) id; 0 takes the order out of any popup. */
  socialId: z.number().int().min(0).max(2_147_483_647),
});
export const PopupReassignAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ previousSocialId: z.number().int(), socialId: z.number().int() }),
});

export const RecalculateSocialRequest = z.object({
  id: z.number().int().min(1, 'Not a popup id').max(2_147_483_647),
});
export const SocialTotals = z.object({
  id: z.number().int(),
  totalCents: z.number().int(),
  orderCount: z.number().int(),
});
export const RecalculateSocialAnswer = ok(SocialTotals);

/** GET /customer/orderDetails/{id} (spec 2 §7). */
export const OrderDetailsAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    orderResponse: z.object({
      orderShipment: z.object({
        shippingMethodID: z.number().int().nullable(),
        packages: z.array(z.object({ shippingCarrierID: z.number().int(), trackingNumber: z.string() })),
      }),
    }),
  }),
});
