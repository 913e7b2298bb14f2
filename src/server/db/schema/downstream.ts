import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { orders } from './orders';

/**
 * Downstream (Phoenix) export queue: one row per order handed downstream (phoenix-insert). Workers
 * claim due `pending` rows with FOR UPDATE SKIP LOCKED; `failed` rows wait for staff to retry.
 */
export const downstreamExports = pgTable(
  'downstream_exports',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'exported' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: utc('next_attempt_at').notNull().defaultNow(),
    exportedAt: utc('exported_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('downstream_exports_status_idx').on(t.status),
    index('downstream_exports_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/**
 * Phoenix order ids handed out by the export (9 digits). A sequence never gives a number twice, even
 * to concurrent workers or after a rollback; numbers already taken (loaded or imported orders) are
 * skipped by the export.
 */
export const phoenixOrderIdSeq = pgSequence('phoenix_order_id_seq', {
  startWith: 100000000,
  minValue: 100000000,
  maxValue: 999999999,
  increment: 1,
  cache: 1,
});

/** Downstream export failures (phoenix-order-failures): the Failed orders screen. */

export const failedOrders = pgTable(
  'failed_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dateCreatedUtc: utc('date_created_utc'),
    errorCode: text('error_code'),
    errorMessage: text('error_message').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    resolvedAt: utc('resolved_at'),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    index('failed_orders_open_idx').on(t.resolvedAt, t.dateCreatedUtc),
    index('failed_orders_order_idx').on(t.orderId),
    // The Failed orders screen: open entries newest first, undated last.
    index('failed_orders_open_list_idx')
      .on(t.dateCreatedUtc.desc().nullsLast(), t.id.desc())
      .where(sql`resolved_at is null`),
  ],
);
