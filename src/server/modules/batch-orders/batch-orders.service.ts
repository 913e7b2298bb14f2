import {
  BATCH_ORDER_COLUMNS,
  BATCH_ORDER_REQUIRED,
  type BatchOrderExportCounts,
  type BatchOrderLookups,
  type BatchOrderRow,
  type BatchOrderSummary,
  batchOrderExport,
  type CheckedBatchOrder,
  isChargedOrderType,
  parseBatchOrderRow,
  validateBatchOrderRow,
} from '@domain/batch-orders/batch-orders';
import { orderNumberLabel } from '@domain/customers/order-status';
import { csvHeader, csvLine } from '@domain/platform/csv';
import { entitledPrice, priceTierOf, productPriceOf } from '@domain/pricing';
import { ORDER_STATE } from '@domain/reference';
import { columnLabel } from '@domain/uploads/upload';
import { and, eq, sql } from 'drizzle-orm';
import {
  batchOrderRows,
  downstreamExports,
  orderComments,
  orderLines,
  orderPayments,
  orders,
} from '../../db/schema';
import { type Actor, type ChangeInput, recordChanges } from '../../platform/audit';
import { type DbOrTx, insertRecords, type Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { alphanumericId } from '../../platform/ids';
import {
  getUpload,
  listRows,
  type PendingRow,
  type RowOutcome,
  type RowRecord,
  type RowRefusal,
  toRow,
  toSummary,
  type UploadKind,
} from '../../platform/uploads/upload-engine';
import { accountsByKeys } from '../accounts/accounts.service';
import { queuedEvent } from '../downstream/downstream.export';
import { placeOfPostalCode } from '../maps/zip-dataset';
import * as repo from './batch-orders.repo';

// Batch orders (DESIGN §5, decision 008): each valid row becomes a real order, captured in the
// invoices collection, numbered from order_number_seq, priced from the catalog (replacement and
// adjustment orders free, employee orders at the catalog price plus the region's tax), with its
// orders-log event. The job creates a chunk's orders together in one transaction (createOrders);
// a chunk that fails is applied again row by row, each row in its own transaction.

export const BATCH_ORDERS_JOB = 'batchOrders.process';
/** Channel 4 Counterbase: orders placed from the back office. */
const BACK_OFFICE_CHANNEL = 4;
/** The standard method of each country: 3 Standard Ground (US), 9 Canada Standard. */
const STANDARD_SHIPPING: Record<number, number> = { 1: 3, 2: 9 };

async function lookupsFor(
  db: DbOrTx,
  values: Record<string, string>[],
): Promise<BatchOrderLookups & { catalog: Map<string, repo.CatalogEntry> }> {
  const phoenixIds: number[] = [];
  const uids: string[] = [];
  const skus: string[] = [];
  for (const v of values) {
    const parsed = parseBatchOrderRow(v);
    if (!parsed.ok) continue;
    const key = parsed.row.account;
    if ('phoenixId' in key) phoenixIds.push(key.phoenixId);
    else uids.push(key.uid);
    skus.push(...parsed.row.lines.map((l) => l.sku));
  }
  const [accountsFound, catalog] = await Promise.all([
    accountsByKeys(db, phoenixIds, uids),
    repo.catalogFacts(db, skus),
  ]);
  return {
    account: (key) =>
      'phoenixId' in key ? accountsFound.byPhoenixId.get(key.phoenixId) : accountsFound.byUid.get(key.uid),
    product: (sku) => catalog.get(sku),
    postalPlace: placeOfPostalCode,
    catalog,
  };
}

type NewOrder = typeof orders.$inferInsert;
type NewLine = typeof orderLines.$inferInsert;
type NewPayment = typeof orderPayments.$inferInsert;
type NewComment = typeof orderComments.$inferInsert;

interface OrderRecords {
  order: NewOrder & { id: string };
  lines: NewLine[];
  payment: NewPayment | null;
  comment: NewComment;
  change: ChangeInput;
}

/** The records of one batch order, built in memory: the order, its lines, payment, comment and event. */
function buildOrder(
  checked: CheckedBatchOrder,
  facts: { account: repo.AccountRow; address: repo.AddressRow; taxBasisPoints: number; orderId: number },
  run: { uploadId: number; actor: Actor; rowNo: number },
  catalog: Map<string, repo.CatalogEntry>,
  now: Date,
): OrderRecords {
  const { row, countryId } = checked;
  const { account, address, orderId } = facts;
  const charged = isChargedOrderType(row.orderType);
  const docId = alphanumericId(20);
  // Each line at the lowest price the account is entitled to (ADR 023): what an employee pays, and
  // what a free line is worth.
  const tier = priceTierOf(account.userType);
  const lines = row.lines.map((l, i) => {
    const product = catalog.get(l.sku)!;
    const price = product.prices.get(countryId)!;
    const unit = entitledPrice(productPriceOf(price), tier);
    const gross = unit * l.quantity;
    // A free line keeps its catalog price and is discounted in full (spec 2 §3: a free item is a
    // line of total 0), so price × quantity − discount = total on every line, and the order's
    // pre-promotion subtotal less its discounts is its subtotal, as the downstream export checks.
    const discount = charged ? 0 : gross;
    const vol = (v: number) => (charged ? Math.round(v * l.quantity * 100) / 100 : 0);
    return {
      orderId: docId,
      lineNo: i + 1,
      sku: l.sku,
      title: product.title,
      quantity: l.quantity,
      priceCents: unit,
      adjustedPriceCents: charged ? unit : 0,
      discountCents: discount,
      totalCents: gross - discount,
      cv: vol(price.cv),
      pv: vol(price.pv),
      qv: vol(price.qv),
      nv: vol(price.nv),
      sv: vol(price.sv),
    };
  });
  const prePromoSubtotal = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  const discount = lines.reduce((s, l) => s + l.discountCents, 0);
  const subtotal = prePromoSubtotal - discount;
  const taxCents = charged ? Math.round((subtotal * facts.taxBasisPoints) / 10_000) : 0;
  const grandTotal = subtotal + taxCents;
  const currency = countryId === 2 ? 'CAD' : 'USD';
  const sum = (k: 'cv' | 'pv' | 'qv') => Math.round(lines.reduce((s, l) => s + l[k], 0) * 100) / 100;
  return {
    order: {
      id: docId,
      orderId,
      collection: 'invoices',
      state: ORDER_STATE.captured,
      orderType: row.orderType,
      channel: BACK_OFFICE_CHANNEL,
      customerUid: account.uid,
      customerUserType: account.userType,
      customerFirstName: account.firstName,
      customerLastName: account.lastName,
      customerEmail: account.email,
      customerPhoenixId: account.phoenixId,
      sponsorId: account.sponsorId,
      countryId,
      currency,
      localeCode: countryId === 1 ? 'en-US' : account.defaultLanguageId === 2 ? 'fr-CA' : 'en-CA',
      shippingMethodId: STANDARD_SHIPPING[countryId] ?? null,
      shippingAddress: {
        firstName: address.firstName,
        lastName: address.lastName,
        companyName: address.companyName,
        address: address.address,
        address2: address.address2,
        city: address.city,
        region: address.region,
        postalCode: address.postalCode,
        country: address.country,
        countryId: address.countryId,
        telephone: address.telephone,
      },
      subtotalCents: subtotal,
      prePromoSubtotalCents: prePromoSubtotal,
      discountCents: discount,
      taxCents,
      grandTotalCents: grandTotal,
      cv: sum('cv'),
      pv: sum('pv'),
      qv: sum('qv'),
      paymentState: charged ? 'captured' : 'none',
      dateCreatedUtc: now,
      dateCapturedUtc: now,
    },
    lines,
    // Employee orders are paid by payroll deduction (decision 008): no card is charged.
    payment:
      charged && grandTotal > 0
        ? {
            orderId: docId,
            method: 'alternative',
            brand: 'Payroll deduction',
            transactionId: `batch-${run.uploadId}-row-${run.rowNo}`,
            amountCents: grandTotal,
            currency,
            state: 'captured',
          }
        : null,
    comment: {
      orderId: docId,
      description: `Placed by batch order ${run.uploadId}, row ${run.rowNo}: ${row.reason}`,
      name: run.actor.name ?? run.actor.email,
      status: 'Batch order',
    },
    change: {
      collection: 'orders-log',
      entityId: docId,
      action: 'order.batchCreate',
      actor: run.actor,
      before: {},
      after: {
        orderId,
        orderType: row.orderType,
        state: ORDER_STATE.captured,
        batchOrder: { id: run.uploadId, rowNo: run.rowNo },
        reason: row.reason,
        lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, adjustedPrice: l.adjustedPriceCents })),
        grandTotal,
      },
    },
  };
}

/**
 * Creates the orders of pending rows in the caller's transaction, by the set: the rows are
 * validated again against the data as it is now (a refused row answers its reason and creates
 * nothing), accounts, addresses, catalog and tax rates are read a few queries for all of them,
 * order numbers are taken from order_number_seq in one statement, and the orders, lines,
 * payments, comments and orders-log events are written with one statement per table.
 */
async function createOrders(
  tx: Tx,
  pending: PendingRow[],
  run: { uploadId: number; actor: Actor },
): Promise<(RowOutcome | RowRefusal)[]> {
  const lookups = await lookupsFor(
    tx,
    pending.map((r) => r.input),
  );
  const checked = pending.map((r) => validateBatchOrderRow(r.input, lookups));
  const valid = checked.flatMap((c, i) => (c.ok ? [{ i, order: c.order }] : []));
  const created = new Map<number, string>();
  const answer = () =>
    checked.map((c, i): RowOutcome | RowRefusal =>
      c.ok ? { columns: { order_id: created.get(i)! } } : { error: c.errors.join(' ') },
    );
  if (valid.length === 0) return answer();

  const accountRows = await repo.fullAccounts(
    tx,
    valid.map((v) => v.order.account.uid),
  );
  const addressRows = await repo.addresses(
    tx,
    valid.map((v) => v.order.addressId),
  );
  const charged = valid.filter((v) => isChargedOrderType(v.order.row.orderType));
  const taxes = await repo.taxRatesOf(
    tx,
    charged.map((v) => v.order.countryId),
  );
  const numbers = await repo.nextOrderNumbers(tx, valid.length);
  const now = new Date();
  const built = valid.map((v, k) => {
    const account = accountRows.get(v.order.account.uid);
    const address = addressRows.get(v.order.addressId);
    // Read in this transaction a moment after the lookups that found them.
    if (!account || !address) throw new Error(`Account or address of row ${pending[v.i]!.rowNo} vanished.`);
    const taxBasisPoints = taxes.get(repo.taxKey(v.order.countryId, address.region)) ?? 0;
    return buildOrder(
      v.order,
      { account, address, taxBasisPoints, orderId: numbers[k]! },
      { ...run, rowNo: pending[v.i]!.rowNo },
      lookups.catalog,
      now,
    );
  });
  await insertRecords(
    tx,
    orders,
    built.map((b) => b.order),
  );
  await insertRecords(
    tx,
    orderLines,
    built.flatMap((b) => b.lines),
  );
  await insertRecords(
    tx,
    orderPayments,
    built.flatMap((b) => (b.payment ? [b.payment] : [])),
  );
  await insertRecords(
    tx,
    orderComments,
    built.map((b) => b.comment),
  );
  // Captured invoices go downstream (ADR 011): each order is queued for the Phoenix export in the
  // transaction that creates it, so the batch's details show its export from the start.
  await insertRecords(
    tx,
    downstreamExports,
    built.map((b) => ({ orderId: b.order.id })),
  );
  await recordChanges(
    tx,
    built.flatMap((b) => [b.change, queuedEvent(b.order.id, run.actor)]),
  );
  valid.forEach((v, k) => {
    created.set(v.i, built[k]!.order.id);
  });
  return answer();
}

export const batchOrdersKind: UploadKind = {
  noun: 'batch',
  uploadTable: 'batch_orders',
  rowTable: 'batch_order_rows',
  fk: 'batch_id',
  jobType: BATCH_ORDERS_JOB,
  auditCollection: 'batch-orders-log',
  columns: BATCH_ORDER_COLUMNS,
  required: BATCH_ORDER_REQUIRED,
  async validate(db, fileRows) {
    const lookups = await lookupsFor(
      db,
      fileRows.map((r) => r.values),
    );
    return fileRows.map((r) => {
      const result = validateBatchOrderRow(r.values, lookups);
      return result.ok ? null : result.errors.join(' ');
    });
  },
  uploadColumns(valid) {
    const types = new Set(
      valid.map((v) => (parseBatchOrderRow(v) as { row?: { orderType: number } }).row?.orderType),
    );
    const reasons = new Set(valid.map((v) => (v.reason ?? '').trim()));
    return {
      order_type: types.size === 1 ? ([...types][0] ?? null) : null,
      reason: reasons.size === 1 ? ([...reasons][0] ?? null) : null,
    };
  },
  async applyRow(tx, row, run) {
    const [result] = await createOrders(tx, [row], run);
    if ('error' in result!) throw badRequest(result.error);
    return result!;
  },
  applyChunk: createOrders,
};

export function toBatchSummary(r: Awaited<ReturnType<typeof getUpload>>): BatchOrderSummary {
  return {
    ...toSummary(r),
    orderType: r.order_type == null ? null : Number(r.order_type),
    reason: (r.reason as string | null) ?? null,
  };
}

const orderColumns = {
  select: sql`, o.order_id as o_number, o.customer_user_type as o_user_type, o.customer_uid as o_uid,
              o.customer_first_name as o_first, o.customer_last_name as o_last,
              o.grand_total_cents as o_total, o.currency as o_currency, o.phoenix_order_id as o_phoenix,
              d.status as d_status, d.last_error as d_error`,
  join: sql`left join orders o on o.id = r.order_id left join downstream_exports d on d.order_id = o.id`,
};

export function toBatchRow(r: RowRecord): BatchOrderRow {
  return {
    ...toRow(r),
    order:
      r.order_id && r.o_number != null
        ? {
            id: String(r.order_id),
            label: orderNumberLabel(Number(r.o_number), Number(r.o_user_type)),
            customerUid: String(r.o_uid),
            customerName: `${r.o_first ?? ''} ${r.o_last ?? ''}`.trim(),
            grandTotal: Number(r.o_total),
            currency: String(r.o_currency),
            downstream: batchOrderExport({
              phoenixOrderId: r.o_phoenix == null ? null : Number(r.o_phoenix),
              exportStatus: (r.d_status as string | null) ?? null,
              lastError: (r.d_error as string | null) ?? null,
            }),
          }
        : null,
  };
}

export async function batchRows(
  db: DbOrTx,
  batchId: number,
  q: { status?: 'pending' | 'succeeded' | 'failed'; after: number; limit: number },
) {
  await getUpload(db, batchOrdersKind, batchId);
  return (await listRows(db, batchOrdersKind, batchId, q, orderColumns)).map(toBatchRow);
}

/** How the batch's orders stand downstream, counted over the whole batch (not just a page). */
export async function downstreamCounts(db: DbOrTx, batchId: number): Promise<BatchOrderExportCounts> {
  await getUpload(db, batchOrdersKind, batchId);
  const [c] = await db
    .select({
      orders: sql<string | number>`count(*)`,
      exported: sql<string | number>`count(*) filter (where ${orders.phoenixOrderId} is not null)`,
      failed: sql<
        string | number
      >`count(*) filter (where ${orders.phoenixOrderId} is null and ${downstreamExports.status} = 'failed')`,
      cancelled: sql<
        string | number
      >`count(*) filter (where ${orders.phoenixOrderId} is null and ${downstreamExports.status} = 'cancelled')`,
    })
    .from(batchOrderRows)
    .innerJoin(orders, eq(orders.id, batchOrderRows.orderId))
    .leftJoin(downstreamExports, eq(downstreamExports.orderId, orders.id))
    .where(and(eq(batchOrderRows.batchId, batchId), eq(batchOrderRows.status, 'succeeded')));
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const total = n(c?.orders);
  const exported = n(c?.exported);
  const failed = n(c?.failed);
  const cancelled = n(c?.cancelled);
  return { orders: total, exported, queued: total - exported - failed - cancelled, failed, cancelled };
}

/** The result file, written a page of rows at a time (never the whole batch in memory). */
export async function* resultCsv(db: DbOrTx, batchId: number): AsyncGenerator<string> {
  await getUpload(db, batchOrdersKind, batchId);
  // Headers in words; the upload reads the input columns' words back as its columns (headerKey),
  // so a corrected file can be uploaded again.
  yield csvHeader([
    'Row',
    ...BATCH_ORDER_COLUMNS.map(columnLabel),
    'Status',
    'Order number',
    'Order id',
    'Error',
  ]);
  let after = 0;
  for (;;) {
    const page = await listRows(db, batchOrdersKind, batchId, { after, limit: 1000 }, orderColumns);
    if (page.length === 0) return;
    let text = '';
    for (const r of page.map(toBatchRow)) {
      text += csvLine([
        r.rowNo,
        ...BATCH_ORDER_COLUMNS.map((c) => r.input[c] ?? ''),
        r.status,
        r.order?.label ?? '',
        r.order?.id ?? '',
        r.error ?? '',
      ]);
      after = r.rowNo;
    }
    yield text;
  }
}
