import type { ExportCandidate } from '@domain/downstream/downstream';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  changeEvents,
  downstreamExports,
  failedOrders,
  orderLines,
  orderPayments,
  orders,
} from '../../db/schema';
import { type DbOrTx, rows } from '../../platform/db';

export type OrderRow = typeof orders.$inferSelect;
export type ExportRow = typeof downstreamExports.$inferSelect;
export type FailureRow = typeof failedOrders.$inferSelect;

/** The order, locked for the rest of the transaction (exports and fixes of one order queue up). */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** What the export rules look at: the order with its lines and payments. */
export async function exportCandidate(tx: DbOrTx, order: OrderRow): Promise<ExportCandidate> {
  const [lines, payments] = [
    await tx
      .select({
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        priceCents: orderLines.priceCents,
        discountCents: orderLines.discountCents,
        totalCents: orderLines.totalCents,
        cv: orderLines.cv,
        pv: orderLines.pv,
        qv: orderLines.qv,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id)),
    await tx
      .select({
        method: orderPayments.method,
        amountCents: orderPayments.amountCents,
        state: orderPayments.state,
      })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id)),
  ];
  return {
    countryId: order.countryId,
    shippingMethodId: order.shippingMethodId,
    shippingAddress: order.shippingAddress,
    customerPhoenixId: order.customerPhoenixId,
    paymentState: order.paymentState,
    prePromoSubtotalCents: order.prePromoSubtotalCents,
    discountCents: order.discountCents,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    appliedCreditCents: order.appliedCreditCents,
    grandTotalCents: order.grandTotalCents,
    cv: order.cv,
    pv: order.pv,
    qv: order.qv,
    lines,
    payments,
  };
}

/** The next Phoenix order id from the sequence (never handed out twice). */
export async function nextPhoenixOrderId(tx: DbOrTx): Promise<number> {
  // Raw SQL: a SELECT without a FROM (nextval of the sequence alone) has no builder form.
  const [row] = await rows<{ id: string | number }>(tx, sql`select nextval('phoenix_order_id_seq') as id`);
  return Number(row!.id);
}

export async function phoenixOrderIdTaken(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.phoenixOrderId, id));
  return Boolean(row);
}

export async function openFailure(tx: DbOrTx, orderId: string): Promise<FailureRow | null> {
  const [row] = await tx
    .select()
    .from(failedOrders)
    .where(and(eq(failedOrders.orderId, orderId), isNull(failedOrders.resolvedAt)))
    .for('update');
  return row ?? null;
}

export async function findExport(db: DbOrTx, orderId: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(downstreamExports).where(eq(downstreamExports.orderId, orderId));
  return row ?? null;
}

/** The export row locked by this transaction, or null when another worker holds it (or none exists). */
export async function lockExportIfFree(tx: DbOrTx, orderId: string): Promise<ExportRow | null> {
  const [row] = await tx
    .select()
    .from(downstreamExports)
    .where(eq(downstreamExports.orderId, orderId))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Due pending exports, claimed: other workers skip them until this transaction ends. */
export function claimDue(tx: DbOrTx, limit: number) {
  return tx
    .select()
    .from(downstreamExports)
    .where(and(eq(downstreamExports.status, 'pending'), sql`${downstreamExports.nextAttemptAt} <= now()`))
    .orderBy(asc(downstreamExports.nextAttemptAt), asc(downstreamExports.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Queues captured orders that have no export row yet (orders captured by any path, or before the
 * export existed), with an orders-log event each, in one statement. Returns how many were queued.
 */
export async function sweepCaptured(db: DbOrTx, limit: number): Promise<number> {
  // Raw SQL: data-modifying CTEs feeding an INSERT … SELECT of some columns have no builder form.
  const queued = await rows<{ entity_id: string }>(
    db,
    sql`with picked as (
          select o.id from orders o
          where o.collection = 'invoices' and o.phoenix_order_id is null and o.date_captured_utc is not null
            and o.cancellation is null and o.state not in (7, 14)
            and not exists (select 1 from downstream_exports d where d.order_id = o.id)
          order by o.date_captured_utc
          limit ${limit}
        ), ins as (
          insert into downstream_exports (order_id) select id from picked
          on conflict (order_id) do nothing
          returning order_id
        )
        insert into change_events (collection, entity_id, action, changed_by, changed_by_name, auth, auth_type, differences)
        select 'orders-log', order_id, 'downstream.queued', 'system', 'System', 'system', 'system',
               '[{"kind":"N","path":["downstreamExport"],"rhs":{"status":"pending","attempts":0}}]'::jsonb
        from ins
        returning entity_id`,
  );
  return queued.length;
}

// --- Reads for the screens --------------------------------------------------------------------

export interface FailedListRow {
  id: number;
  orderDocId: string;
  dateCreatedUtc: Date | null;
  errorCode: string | null;
  errorMessage: string;
  context: Record<string, unknown>;
  orderId: number;
  customerUserType: number;
  customerUid: string;
  customerFirstName: string;
  customerLastName: string;
  attempts: number | null;
}

/** Open failures, newest first by dateCreatedUTC, undated last (spec 2 §2, §9); one row more than asked. */
export function listOpenFailures(db: DbOrTx, offset: number, limit: number): Promise<FailedListRow[]> {
  return db
    .select({
      id: failedOrders.id,
      orderDocId: failedOrders.orderId,
      dateCreatedUtc: failedOrders.dateCreatedUtc,
      errorCode: failedOrders.errorCode,
      errorMessage: failedOrders.errorMessage,
      context: failedOrders.context,
      orderId: orders.orderId,
      customerUserType: orders.customerUserType,
      customerUid: orders.customerUid,
      customerFirstName: orders.customerFirstName,
      customerLastName: orders.customerLastName,
      attempts: downstreamExports.attempts,
    })
    .from(failedOrders)
    .innerJoin(orders, eq(orders.id, failedOrders.orderId))
    .leftJoin(downstreamExports, eq(downstreamExports.orderId, failedOrders.orderId))
    .where(isNull(failedOrders.resolvedAt))
    .orderBy(sql`${failedOrders.dateCreatedUtc} desc nulls last`, desc(failedOrders.id))
    .limit(limit)
    .offset(offset);
}

export async function findFailure(db: DbOrTx, id: number): Promise<FailureRow | null> {
  const [row] = await db.select().from(failedOrders).where(eq(failedOrders.id, id));
  return row ?? null;
}

export async function lockFailure(tx: DbOrTx, id: number): Promise<FailureRow | null> {
  const [row] = await tx.select().from(failedOrders).where(eq(failedOrders.id, id)).for('update');
  return row ?? null;
}

export function failuresOf(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(failedOrders)
    .where(eq(failedOrders.orderId, orderId))
    .orderBy(sql`${failedOrders.dateCreatedUtc} desc nulls last`, desc(failedOrders.id));
}

export function ordersLog(db: DbOrTx, orderId: string, limit: number) {
  return db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.collection, 'orders-log'), eq(changeEvents.entityId, orderId)))
    .orderBy(desc(changeEvents.dateChangedUtc), desc(changeEvents.id))
    .limit(limit);
}
