import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { orders } from './orders';
import type { ReturnItem } from './returns';

export interface RefundCard {
  accountNumber: string | null;
  transactionId: string;
  refundAmount: number;
  tenderId: string | null;
  idempotencyKey: string;
  brand?: string | null;
  /** The card leg's state (absent on records from before per-leg states: the refund's status). */
  status?: 'succeeded' | 'failed' | 'pending';
  /** The gateway's refund transaction of this leg. */
  refundTransactionId?: string | null;
  error?: string | null;
  method?: 'card' | 'alternative';
}

/** Refund records per order (spec 2 §3). Amounts in cents. */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    timestamp: utc('timestamp').notNull().defaultNow(),
    amountCents: integer('amount_cents').notNull(),
    pcAmountCents: integer('pc_amount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    shippingTotalCents: integer('shipping_total_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    currency: text('currency').notNull(),
    returnItems: jsonb('return_items').$type<ReturnItem[]>().notNull().default([]),
    cards: jsonb('cards').$type<RefundCard[]>().notNull().default([]),
    adminUid: text('admin_uid').notNull(),
    clawback: jsonb('clawback').$type<Record<string, unknown>>(),
    newRefundFlow: boolean('new_refund_flow').notNull().default(true),
    phoenixResponse: jsonb('phoenix_response').$type<Record<string, unknown>>(),
    status: text('status').$type<'processed' | 'failed' | 'pending'>().notNull().default('processed'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Staff member's name when the refund was made (the list shows who). */
    adminName: text('admin_name'),
    /** Card-leg retries made (POST /cs/retryRefund). */
    retries: integer('retries').notNull().default(0),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.timestamp),
    index('refunds_timestamp_idx').on(t.timestamp),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    // Refunds still pending: what reconciliation looks for past their lease (small, partial; ADR 025).
    index('refunds_pending_idx').on(t.timestamp).where(sql`status = 'pending'`),
  ],
);
