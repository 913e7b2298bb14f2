import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc } from './columns';

/**
 * One row per checkout submission key (spec 2: a double submit creates one order). The purchase
 * claims the key before charging; a second submit with the same key answers the first order, or
 * 409 while the first is still in flight. A failed attempt frees the key for a corrected retry
 * (`attempts` makes each retry's charge key distinct at the gateway). The worker holds a lease
 * (ADR 014): a pending submission whose lease lapsed (its process died) is taken over by the next
 * submit with the key, which finds the attempt's order by `doc_id` or replays the attempt's
 * authorization under its gateway key, so nothing is authorized or ordered twice.
 */
export const checkoutSubmissions = pgTable(
  'checkout_submissions',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    cartId: text('cart_id').notNull(),
    customerUid: text('customer_uid').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(1),
    orderId: text('order_id'),
    message: text('message'),
    /** The order document id of the current attempt (chosen when the attempt starts). */
    docId: text('doc_id'),
    /** While pending: the worker's lease; once lapsed, another submit may take the attempt over. */
    leaseUntil: utc('lease_until').notNull().defaultNow(),
    /** The attempt holding the lease: only it may extend the lease, void its charge or settle (ADR 021). */
    leaseOwner: text('lease_owner'),
    /** Hash of the request of the current attempt: the same key with another body is refused (ADR 021). */
    requestHash: text('request_hash'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checkout_submissions_cart_idx').on(t.cartId)],
);
