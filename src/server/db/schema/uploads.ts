import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utc } from './columns';

// CSV uploads processed by background jobs: batch orders and bulk ledgers (DESIGN §5). Both keep
// the same progress counts on the upload and a result per row.

export type UploadStatus = 'queued' | 'processing' | 'completed' | 'completedWithErrors' | 'failed';

const uploadColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fileName: text('file_name').notNull(),
  status: text('status').$type<UploadStatus>().notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  succeededRows: integer('succeeded_rows').notNull().default(0),
  failedRows: integer('failed_rows').notNull().default(0),
  createdBy: text('created_by').notNull(),
  createdByName: text('created_by_name'),
  createdAt: createdAt(),
  finishedAt: utc('finished_at'),
  /** SHA-256 of the file's bytes: the same file is never applied twice (unique). */
  fileHash: text('file_hash'),
  /** Sent by the confirming screen: a confirm sent twice answers the batch made the first time. */
  idempotencyKey: text('idempotency_key'),
});

const uploadRowColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  rowNo: integer('row_no').notNull(),
  input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
  error: text('error'),
  updatedAt: updatedAt(),
});

/** Batch orders: orders placed for many accounts at once (replacement, adjustment, employee). */
export const batchOrders = pgTable(
  'batch_orders',
  {
    ...uploadColumns(),
    /** The order type of every row when they share one; null for a file of mixed types. */
    orderType: smallint('order_type'),
    /** The reason of every row when they share one. */
    reason: text('reason'),
  },
  (t) => [
    index('batch_orders_created_idx').on(t.createdAt),
    uniqueIndex('batch_orders_file_hash_key').on(t.fileHash),
    uniqueIndex('batch_orders_idempotency_key').on(t.idempotencyKey),
  ],
);

export const batchOrderRows = pgTable(
  'batch_order_rows',
  {
    ...uploadRowColumns(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => batchOrders.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
  },
  (t) => [
    index('batch_order_rows_batch_idx').on(t.batchId, t.status),
    uniqueIndex('batch_order_rows_row_key').on(t.batchId, t.rowNo),
  ],
);

/** Bulk ledgers: product-credit adjustments, validated like one adjustment each. */
export const bulkLedgers = pgTable('bulk_ledgers', uploadColumns(), (t) => [
  index('bulk_ledgers_created_idx').on(t.createdAt),
  uniqueIndex('bulk_ledgers_file_hash_key').on(t.fileHash),
  uniqueIndex('bulk_ledgers_idempotency_key').on(t.idempotencyKey),
]);

export const bulkLedgerRows = pgTable(
  'bulk_ledger_rows',
  {
    ...uploadRowColumns(),
    bulkLedgerId: bigint('bulk_ledger_id', { mode: 'number' })
      .notNull()
      .references(() => bulkLedgers.id, { onDelete: 'cascade' }),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
  },
  (t) => [
    index('bulk_ledger_rows_ledger_idx').on(t.bulkLedgerId, t.status),
    uniqueIndex('bulk_ledger_rows_row_key').on(t.bulkLedgerId, t.rowNo),
  ],
);

/**
 * Order numbers (orders.order_id) of orders the application places. The demo company numbers its
 * orders with 7 digits (1,000,000–9,999,999); placed orders take 8-digit numbers from here, so the
 * two never meet (decision 008).
 */
export const orderNumberSeq = pgSequence('order_number_seq', {
  startWith: 10_000_000,
  minValue: 10_000_000,
  maxValue: 99_999_999,
  increment: 1,
  cache: 1,
});
