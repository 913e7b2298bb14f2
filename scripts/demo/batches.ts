import { ORDER_TYPE } from '@domain/reference';
import { batchOrderRows, batchOrders, bulkLedgerRows, bulkLedgers } from '@server/db/schema';
import { type Db, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import type { GenContext } from './context';
import { FIRST_PHOENIX_ID } from './identity';
import { addDays, HOUR } from './time';
import type { BatchWriter } from './writer';

// A few batch orders and bulk ledgers (DESIGN §5) made of accounts and orders that exist, so
// their detail and failed-row screens have something to show.

interface OrderRef {
  id: string;
  phoenix_id: number;
}
interface LedgerRef {
  id: number;
  phoenix_id: number;
  user_type: number;
  country: string;
  amount_cents: number;
}

export async function addBatches(ctx: GenContext, writer: BatchWriter, db: Db): Promise<void> {
  const { clock, roster, catalog } = ctx;
  const replacements = await rows<OrderRef>(
    db,
    sql`select id, customer_phoenix_id::int as phoenix_id from orders
         where order_type = ${ORDER_TYPE.replacement} order by order_id limit 12`,
  );
  const ledger = await rows<LedgerRef>(
    db,
    sql`select l.id::int as id, a.phoenix_id::int as phoenix_id, a.user_type, l.country, l.amount_cents
          from product_credit_ledger l join accounts a on a.uid = l.account_uid
         where l.reason_id = 2 order by l.id limit 8`,
  );
  const leader = roster.byEmail('leader@example.com').email;
  const salesops = roster.byEmail('salesops@example.com').email;
  const at = (days: number) => addDays(clock.today, -days);
  const finished = (days: number) => new Date(at(days).getTime() + HOUR);
  const sku = catalog.everyday[0]?.sku ?? '9000';
  const done = replacements.slice(0, 7);
  const partly = replacements.slice(7, 12);
  const batch = (fileName: string, orderType: number, reason: string, createdBy: string) => ({
    fileName,
    orderType,
    reason,
    createdBy,
  });
  writer.add(
    batchOrders,
    {
      ...batch(
        'damaged-shipment-replacements.csv',
        ORDER_TYPE.replacement,
        'Carrier damage in transit',
        leader,
      ),
      status: 'completed',
      totalRows: done.length,
      succeededRows: done.length,
      createdAt: at(12),
      finishedAt: finished(12),
    },
    {
      ...batch('recall-replacements.csv', ORDER_TYPE.replacement, 'Product recall', salesops),
      status: 'completedWithErrors',
      totalRows: partly.length + 2,
      succeededRows: partly.length,
      failedRows: 2,
      createdAt: at(3),
      finishedAt: finished(3),
    },
    {
      ...batch('employee-orders.csv', ORDER_TYPE.employee, 'Quarterly employee allowance', salesops),
      status: 'queued',
      totalRows: 3,
      createdAt: clock.today,
    },
  );
  writer.add(
    bulkLedgers,
    {
      fileName: 'damaged-items-credits.csv',
      status: 'completed',
      totalRows: ledger.length,
      succeededRows: ledger.length,
      createdBy: leader,
      createdAt: at(20),
      finishedAt: finished(20),
    },
    {
      fileName: 'service-recovery-credits.csv',
      status: 'completedWithErrors',
      totalRows: 3,
      succeededRows: 1,
      failedRows: 2,
      createdBy: salesops,
      createdAt: at(1),
      finishedAt: finished(1),
    },
  );
  await writer.flush();

  const ids = async (table: string) =>
    (await rows<{ id: number }>(db, sql.raw(`select id::int as id from ${table} order by id`))).map(
      (r) => r.id,
    );
  const [completed, withErrors, queued] = await ids('batch_orders');
  const [ledgerDone, ledgerErrors] = await ids('bulk_ledgers');
  const orderRow = (batchId: number, updatedAt: Date) => (o: OrderRef, i: number) => ({
    batchId,
    rowNo: i + 1,
    input: { account: o.phoenix_id, shippingAddress: 'default', orderType: ORDER_TYPE.replacement },
    status: 'succeeded' as const,
    orderId: o.id,
    updatedAt,
  });
  if (completed !== undefined) writer.add(batchOrderRows, ...done.map(orderRow(completed, at(12))));
  if (withErrors !== undefined) {
    writer.add(
      batchOrderRows,
      ...partly.map(orderRow(withErrors, at(3))),
      {
        batchId: withErrors,
        rowNo: partly.length + 1,
        input: { account: 999_999, skus: `${sku}:1` },
        status: 'failed',
        error: 'Account 999999 not found',
        updatedAt: at(3),
      },
      {
        batchId: withErrors,
        rowNo: partly.length + 2,
        input: { account: partly[0]?.phoenix_id ?? 1, skus: '0000:1' },
        status: 'failed',
        error: 'Unknown SKU 0000',
        updatedAt: at(3),
      },
    );
  }
  if (queued !== undefined) {
    const input = (i: number) => ({
      account: FIRST_PHOENIX_ID + i,
      skus: `${sku}:1`,
      shippingAddress: 'default',
      orderType: ORDER_TYPE.employee,
    });
    writer.add(
      batchOrderRows,
      ...[1, 2, 3].map((i) => ({
        batchId: queued,
        rowNo: i,
        input: input(i),
        status: 'pending' as const,
        updatedAt: clock.today,
      })),
    );
  }
  if (ledgerDone !== undefined) {
    writer.add(
      bulkLedgerRows,
      ...ledger.map((l, i) => ({
        bulkLedgerId: ledgerDone,
        rowNo: i + 1,
        input: { account: l.phoenix_id, country: l.country, amount: l.amount_cents / 100, reasonId: 2 },
        status: 'succeeded' as const,
        ledgerEntryId: l.id,
        updatedAt: at(20),
      })),
    );
  }
  if (ledgerErrors !== undefined) {
    const account = ledger[0]?.phoenix_id ?? 1;
    // DESIGN §5: the most one adjustment may give depends on the account type.
    const limit = [3, 5].includes(ledger[0]?.user_type ?? 3) ? 51 : 150;
    writer.add(
      bulkLedgerRows,
      {
        bulkLedgerId: ledgerErrors,
        rowNo: 1,
        input: { account, country: 'us', amount: 10, reasonId: 2 },
        status: 'succeeded',
        updatedAt: at(1),
      },
      {
        bulkLedgerId: ledgerErrors,
        rowNo: 2,
        input: { account, country: 'us', amount: limit + 25, reasonId: 4 },
        status: 'failed',
        error: `Value must be less than or equal to $${limit}`,
        updatedAt: at(1),
      },
      {
        bulkLedgerId: ledgerErrors,
        rowNo: 3,
        input: { account, country: 'us', amount: 20, reasonId: 4, reason: 'Credit expired early' },
        status: 'failed',
        error: "The Reason field shouldn't contain the 'expire' word",
        updatedAt: at(1),
      },
    );
  }
  await writer.flush();
}
