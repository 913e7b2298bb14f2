import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
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
  createdAt: createdAt(),
  finishedAt: utc('finished_at'),
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
    orderType: smallint('order_type').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('batch_orders_created_idx').on(t.createdAt)],
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
  (t) => [index('batch_order_rows_batch_idx').on(t.batchId, t.status)],
);

/** Bulk ledgers: product-credit adjustments, validated like one adjustment each. */
export const bulkLedgers = pgTable('bulk_ledgers', uploadColumns(), (t) => [
  index('bulk_ledgers_created_idx').on(t.createdAt),
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
  (t) => [index('bulk_ledger_rows_ledger_idx').on(t.bulkLedgerId, t.status)],
);
