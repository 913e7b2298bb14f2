import { orderNumberLabel } from '@domain/customers/order-status';
import {
  BATCH_ORDER_COLUMNS,
  BATCH_ORDER_REQUIRED,
  type BatchOrderLookups,
  type BatchOrderRow,
  type BatchOrderSummary,
  type CheckedBatchOrder,
  isChargedOrderType,
  parseBatchOrderRow,
  validateBatchOrderRow,
} from '@domain/orders/batch-orders';
import { ORDER_STATE } from '@domain/reference';
import { csvLine } from '@domain/uploads/upload';
import { sql } from 'drizzle-orm';
import { orderComments, orderLines, orderPayments, orders } from '../../db/schema';
import { type Actor, recordChange } from '../../platform/audit';
import type { DbOrTx, Tx } from '../../platform/db';
import { rows } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { alphanumericId } from '../../platform/ids';
import * as repo from './batch-orders.repo';
import { getUpload, listRows, type RowRecord, toRow, toSummary, type UploadKind } from './upload-engine';

// Batch orders (DESIGN §5, decision 008): each valid row becomes a real order, captured in the
// invoices collection, numbered from order_number_seq, priced from the catalog (replacement and
// adjustment orders free, employee orders at the catalog price plus the region's tax), with its
// orders-log event, in the row's own transaction.

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
    repo.accountFacts(db, phoenixIds, uids),
    repo.catalogFacts(db, skus),
  ]);
  return {
    account: (key) =>
      'phoenixId' in key ? accountsFound.byPhoenixId.get(key.phoenixId) : accountsFound.byUid.get(key.uid),
    product: (sku) => catalog.get(sku),
    catalog,
  };
}

async function createOrder(
  tx: Tx,
  checked: CheckedBatchOrder,
  run: { uploadId: number; actor: Actor; rowNo: number },
  catalog: Map<string, repo.CatalogEntry>,
): Promise<{ id: string; orderId: number }> {
  const { row, countryId } = checked;
  const account = (await repo.fullAccount(tx, checked.account.uid))!;
  const address = (await repo.address(tx, checked.addressId))!;
  const charged = isChargedOrderType(row.orderType);
  const lines = row.lines.map((l, i) => {
    const product = catalog.get(l.sku)!;
    const price = product.prices.get(countryId)!;
    const unit = charged ? price.priceCents : 0;
    const vol = (v: number) => (charged ? Math.round(v * l.quantity * 100) / 100 : 0);
    return {
      lineNo: i + 1,
      sku: l.sku,
      title: product.title,
      quantity: l.quantity,
      priceCents: price.priceCents,
      adjustedPriceCents: unit,
      totalCents: unit * l.quantity,
      cv: vol(price.cv),
      pv: vol(price.pv),
      qv: vol(price.qv),
      nv: vol(price.nv),
      sv: vol(price.sv),
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
  const taxCents = charged
    ? Math.round((subtotal * (await repo.taxRate(tx, countryId, address.region))) / 10_000)
    : 0;
  const grandTotal = subtotal + taxCents;
  const currency = countryId === 2 ? 'CAD' : 'USD';
  const [next] = await rows<{ n: string | number }>(tx, sql`select nextval('order_number_seq') as n`);
  const orderId = Number(next!.n);
  const docId = alphanumericId(20);
  const now = new Date();
  const sum = (k: 'cv' | 'pv' | 'qv') => Math.round(lines.reduce((s, l) => s + l[k], 0) * 100) / 100;
  await tx.insert(orders).values({
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
    prePromoSubtotalCents: subtotal,
    taxCents,
    grandTotalCents: grandTotal,
    cv: sum('cv'),
    pv: sum('pv'),
    qv: sum('qv'),
    paymentState: charged ? 'captured' : 'none',
    dateCreatedUtc: now,
    dateCapturedUtc: now,
  });
  await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: docId })));
  if (charged && grandTotal > 0)
    // Employee orders are paid by payroll deduction (decision 008): no card is charged.
    await tx.insert(orderPayments).values({
      orderId: docId,
      method: 'alternative',
      brand: 'Payroll deduction',
      transactionId: `batch-${run.uploadId}-row-${run.rowNo}`,
      amountCents: grandTotal,
      currency,
      state: 'captured',
    });
  const comment = `Placed by batch order ${run.uploadId}, row ${run.rowNo}: ${row.reason}`;
  await tx.insert(orderComments).values({
    orderId: docId,
    description: comment,
    name: run.actor.name ?? run.actor.email,
    status: 'Batch order',
  });
  await recordChange(tx, {
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
  });
  return { id: docId, orderId };
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
    const lookups = await lookupsFor(tx, [row.input]);
    const checked = validateBatchOrderRow(row.input, lookups);
    if (!checked.ok) throw badRequest(checked.errors.join(' '));
    const order = await createOrder(tx, checked.order, { ...run, rowNo: row.rowNo }, lookups.catalog);
    return { columns: { order_id: order.id } };
  },
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
              o.grand_total_cents as o_total, o.currency as o_currency`,
  join: sql`left join orders o on o.id = r.order_id`,
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

/** The result file, written a page of rows at a time (never the whole batch in memory). */
export async function* resultCsv(db: DbOrTx, batchId: number): AsyncGenerator<string> {
  await getUpload(db, batchOrdersKind, batchId);
  yield csvLine(['row', ...BATCH_ORDER_COLUMNS, 'status', 'orderNumber', 'orderId', 'error']);
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
