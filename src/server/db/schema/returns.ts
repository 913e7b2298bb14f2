import { bigint, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt, utc } from './columns';
import { orders } from './orders';

export interface ReturnItem {
  sku: string;
  quantity: number;
  adjustedPrice: number;
}

export const returns = pgTable(
  'returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    legacyOrderId: integer('legacy_order_id').notNull(),
    phoenixOrderId: bigint('phoenix_order_id', { mode: 'number' }),
    returnStatus: smallint('return_status').notNull(),
    items: jsonb('items').$type<{ sku: string; quantity: number }[]>().notNull().default([]),
    reason: text('reason'),
    /** The refund whose returned items opened this return (null for returns entered otherwise). */
    refundId: text('refund_id'),
    dateCreatedUtc: utc('date_created_utc').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_status_idx').on(t.returnStatus, t.dateCreatedUtc),
    index('returns_order_idx').on(t.orderId),
    index('returns_phoenix_idx').on(t.phoenixOrderId),
  ],
);
